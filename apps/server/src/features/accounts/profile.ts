import { ChangePasswordRequest, ProfileRequest, type SuccessResponse, type User } from '@sbc/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { sendCode } from './codes.ts';
import { EMAIL_TAKEN, findByEmail, publicUser, takenError } from './users.ts';

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
      const emailChanged = email !== undefined && email?.toLowerCase() !== user.email?.toLowerCase();
      if (email && emailChanged && (await findByEmail(db, email))) throw conflict(EMAIL_TAKEN);
      const [updated] = await db
        .update(users)
        // A new address is unproved until its code is used.
        .set({ firstName, lastName, email, phone, ...(emailChanged ? { emailVerified: false } : {}) })
        .where(eq(users.id, user.id))
        .returning()
        .catch((error) => {
          throw takenError(error) ?? error;
        });
      await sessions.changed(user.id);
      if (email && emailChanged && mailer.delivers) {
        sendCode(app.services, user.id, email, 'verify-email');
        return publicUser(updated, { needsEmailVerification: true });
      }
      return publicUser(updated);
    },
  );
}
