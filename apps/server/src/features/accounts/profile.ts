import { ChangePasswordRequest, ProfileRequest, type SuccessResponse, type User } from '@sbc/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { dropCodes, sendCode } from './codes.ts';
import { emailChange } from './email-change.ts';
import { EMAIL_TAKEN, publicUser, takenByOther, takenError } from './users.ts';

/** The signed-in user's own account: profile and password. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  const { mailer, sessions, passwords } = app.services;

  const changePassword = async (request: FastifyRequest<{ Body: ChangePasswordRequest }>) => {
    const user = requireUser(request);
    const { currentPassword, newPassword } = request.body;
    if (!user.passwordHash) {
      throw badRequest('This account has no password yet. Use "Forgot your password" to set one.');
    }
    // 400, not 401: the client treats 401 as "signed out".
    if (!(await passwords.check(currentPassword, user.passwordHash))) {
      throw badRequest('Current password is incorrect');
    }
    await db
      .update(users)
      .set({ passwordHash: await passwords.hash(newPassword) })
      .where(eq(users.id, user.id));
    await sessions.endOthers(user.id, request.sessionId);
    return {
      success: true,
      message: 'Your password has been updated successfully.',
    } satisfies SuccessResponse;
  };
  const passwordRoute = { schema: { body: ChangePasswordRequest } };
  app.post<{ Body: ChangePasswordRequest }>('/api/change-password', passwordRoute, changePassword);
  app.patch<{ Body: ChangePasswordRequest }>('/api/user/password', passwordRoute, changePassword);

  app.patch<{ Body: ProfileRequest }>(
    '/api/user/profile',
    { schema: { body: ProfileRequest } },
    async (request): Promise<User> => {
      const user = requireUser(request);
      const { firstName, lastName, email, phone } = request.body;
      const change = emailChange(user, email, mailer.delivers);
      const claimed = change.pendingEmail ?? change.email;
      if (claimed && (await takenByOther(db, user.id, claimed))) throw conflict(EMAIL_TAKEN);
      const [updated] = await db
        .update(users)
        .set({ firstName, lastName, phone, ...change })
        .where(eq(users.id, user.id))
        .returning()
        .catch((error) => {
          throw takenError(error) ?? error;
        });
      // A code mailed to an address given up must not confirm the one given now.
      if (change.pendingEmail !== undefined) await dropCodes(db, user.id, 'change-email');
      await sessions.changed(user.id);
      if (change.pendingEmail) {
        sendCode(app.services, user.id, change.pendingEmail, 'change-email');
        return publicUser(updated, { needsEmailVerification: true });
      }
      return publicUser(updated);
    },
  );
}
