import { ConfirmEmailRequest, NoBody, type SuccessResponse, type User } from '@sbc/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type UserRow, users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { checkCode, dropCodes, INVALID_CODE, sendCode, useCode } from './codes.ts';
import { limit } from './limits.ts';
import { EMAIL_TAKEN, publicUser, takenByOther, takenError } from './users.ts';

/** A changed email waiting for its code (PATCH /api/user/profile): confirm, resend or give it up. */
export async function emailChangeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  const { sessions, now } = app.services;

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
      if (await takenByOther(db, user.id, user.pendingEmail)) throw conflict(EMAIL_TAKEN);
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

  app.delete('/api/user/email/pending', { schema: { body: NoBody } }, async (request): Promise<User> => {
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
export function emailChange(
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
