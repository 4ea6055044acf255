import {
  ChangePasswordRequest,
  ConfirmEmailRequest,
  NoBody,
  ProfileRequest,
  type SuccessResponse,
  type User,
} from '@sbc/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { checkCode, dropCodes, INVALID_CODE, sendCode, useCode } from './codes.ts';
import { limit } from './limits.ts';
import { EMAIL_TAKEN, findByEmail, publicUser, takenError, type UserRow } from './users.ts';

/** The signed-in user's own account: profile, email change and password. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  const { mailer, sessions, passwords, now } = app.services;

  const takenByOther = async (userId: string, email: string) => {
    const owner = await findByEmail(db, email);
    return !!owner && owner.id !== userId;
  };

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
      if (claimed && (await takenByOther(user.id, claimed))) throw conflict(EMAIL_TAKEN);
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

  const pendingOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!user.pendingEmail) throw badRequest(NOTHING_PENDING);
    return { ...user, pendingEmail: user.pendingEmail };
  };

  // Counted per account: the signed-in user is the account.
  const confirmLimit = limit(app, 'verify', () => '');
  app.post<{ Body: ConfirmEmailRequest }>(
    '/api/user/email/confirm',
    { schema: { body: ConfirmEmailRequest }, config: confirmLimit.config },
    async (request, reply): Promise<User> => {
      const user = pendingOf(request);
      await confirmLimit.take(request, reply, user.id);
      const codeId = await checkCode(app.services, user.id, 'change-email', request.body.verificationCode);
      // Another account may have taken the address since it was asked for.
      if (await takenByOther(user.id, user.pendingEmail)) throw conflict(EMAIL_TAKEN);
      let updated: UserRow | undefined;
      await useCode(db, codeId, now(), async (tx) => {
        [updated] = await tx
          .update(users)
          .set({ email: user.pendingEmail, pendingEmail: null, emailVerified: true })
          .where(and(eq(users.id, user.id), eq(users.pendingEmail, user.pendingEmail)))
          .returning();
        if (!updated) throw badRequest(INVALID_CODE);
      }).catch((error) => {
        throw takenError(error) ?? error;
      });
      await sessions.changed(user.id);
      return publicUser(updated!);
    },
  );

  const resendLimit = limit(app, 'resend', () => '');
  app.post(
    '/api/user/email/resend',
    { schema: { body: NoBody }, config: resendLimit.config },
    async (request, reply): Promise<SuccessResponse> => {
      const user = pendingOf(request);
      await resendLimit.take(request, reply, user.id);
      sendCode(app.services, user.id, user.pendingEmail, 'change-email');
      return { success: true, message: 'Please check your email for a new verification code.' };
    },
  );

  app.delete('/api/user/email/pending', async (request): Promise<User> => {
    const user = pendingOf(request);
    const [updated] = await db
      .update(users)
      .set({ pendingEmail: null })
      .where(eq(users.id, user.id))
      .returning();
    await dropCodes(db, user.id, 'change-email');
    await sessions.changed(user.id);
    return publicUser(updated);
  });
}

const NOTHING_PENDING = 'There is no new email address waiting for a code';

/**
 * What the profile's `email` changes. Absent: nothing. The address in force (whatever its case):
 * it stays, and a pending change is dropped. Cleared: both go. A new address: with SMTP it waits
 * for its code while the old one stays in force (so sign-in never depends on it); without SMTP,
 * which cannot prove it, it is taken at once, unverified.
 */
function emailChange(
  user: UserRow,
  email: string | null | undefined,
  proves: boolean,
): Partial<Pick<UserRow, 'email' | 'pendingEmail' | 'emailVerified'>> {
  if (email === undefined) return {};
  if (email !== null && email.toLowerCase() === user.email?.toLowerCase()) {
    return { email, pendingEmail: null };
  }
  if (email !== null && proves) return { pendingEmail: email };
  return { email, pendingEmail: null, emailVerified: false };
}
