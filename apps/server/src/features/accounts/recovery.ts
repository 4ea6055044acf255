import {
  ForgotPasswordRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  type SuccessResponse,
  VerifyEmailRequest,
} from '@sbc/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.ts';
import { checkCode, sendCode, useCode } from './codes.ts';
import { limit } from './limits.ts';
import { findByEmail } from './users.ts';

const byEmail = (body: { email: string }) => body.email;

/** Password reset and email verification by 6-digit codes. */
export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  const { now, passwords } = app.services;

  const forgotLimit = limit(app, 'forgot', byEmail);
  app.post<{ Body: ForgotPasswordRequest }>(
    '/api/forgot-password',
    { schema: { body: ForgotPasswordRequest }, config: forgotLimit.config, preHandler: forgotLimit.guard },
    async (request): Promise<SuccessResponse> => {
      const user = await findByEmail(db, request.body.email);
      if (user?.email) sendCode(app.services, user.id, user.email, 'reset-password');
      // The same answer either way: this call does not tell who has an account.
      return {
        success: true,
        message: 'If an account with this email exists, you will receive a password reset code shortly',
      };
    },
  );

  const resetLimit = limit(app, 'reset', byEmail);
  app.post<{ Body: ResetPasswordRequest }>(
    '/api/reset-password',
    { schema: { body: ResetPasswordRequest }, config: resetLimit.config, preHandler: resetLimit.guard },
    async (request): Promise<SuccessResponse> => {
      const { email, verificationCode, newPassword } = request.body;
      const user = await findByEmail(db, email);
      const codeId = await checkCode(app.services, user?.id, 'reset-password', verificationCode);
      const passwordHash = await passwords.hash(newPassword);
      await useCode(db, codeId, now(), async (tx) => {
        // The code came by mail, so the address is proved too.
        await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user!.id));
      });
      await app.services.sessions.endOthers(user!.id, null);
      return { success: true, message: 'Your password has been reset. You can now log in.' };
    },
  );

  const verifyLimit = limit(app, 'verify', byEmail);
  app.post<{ Body: VerifyEmailRequest }>(
    '/api/verify-email',
    { schema: { body: VerifyEmailRequest }, config: verifyLimit.config, preHandler: verifyLimit.guard },
    async (request): Promise<SuccessResponse> => {
      const user = await findByEmail(db, request.body.email);
      const codeId = await checkCode(app.services, user?.id, 'verify-email', request.body.verificationCode);
      await useCode(db, codeId, now(), async (tx) => {
        await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user!.id));
      });
      await app.services.sessions.changed(user!.id);
      return { success: true, message: 'Your email has been verified successfully! You can now log in.' };
    },
  );

  const resendLimit = limit(app, 'resend', byEmail);
  app.post<{ Body: ResendVerificationRequest }>(
    '/api/resend-verification',
    {
      schema: { body: ResendVerificationRequest },
      config: resendLimit.config,
      preHandler: resendLimit.guard,
    },
    async (request): Promise<SuccessResponse> => {
      const user = await findByEmail(db, request.body.email);
      if (user?.email && !user.emailVerified) sendCode(app.services, user.id, user.email, 'verify-email');
      return { success: true, message: 'Please check your email for a new verification code.' };
    },
  );
}
