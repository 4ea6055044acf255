import {
  LoginRequest,
  NoBody,
  type RegisterPendingResponse,
  RegisterRequest,
  type SuccessResponse,
  type User,
} from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, HttpError, unauthorized } from '../../errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { issueCode, mailCode } from './codes.ts';
import { limit } from './limits.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import {
  EMAIL_TAKEN,
  findByEmail,
  findByLogin,
  findByUsername,
  insertUser,
  publicUser,
  signIn,
  USERNAME_TAKEN,
} from './users.ts';

export const BLOCKED = 'Your account has been blocked. Please contact support.';
export const UNVERIFIED =
  'Please verify your email address before signing in. Check your email for the code.';

/** The current user, sign-in, registration and sign-out. */
export async function signInRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services.database;
  const { mailer } = app.services;

  app.get('/api/user', async (request): Promise<User> => publicUser(requireUser(request)));

  // The web app sends a signed-out browser here (site.md section 2): the sign-in page is /auth.
  app.get('/api/login', async (_request, reply) => reply.redirect('/auth'));

  const loginLimit = limit(app, 'login', (body: LoginRequest) => body.username);
  app.post<{ Body: LoginRequest }>(
    '/api/login',
    { schema: { body: LoginRequest }, config: loginLimit.config },
    async (request, reply): Promise<User> => {
      const user = await findByLogin(db, request.body.username);
      // Counted per account, so that its username and its email share one allowance.
      const account = user?.id ?? request.body.username;
      await loginLimit.check(request, reply, account);
      if (!(await checkPassword(request.body.password, user?.passwordHash)) || !user) {
        await loginLimit.hit(request, account);
        throw unauthorized('Invalid username or password');
      }
      // Only after the password: nobody learns an account's state without it.
      if (user.isBlocked) throw forbidden(BLOCKED);
      if (mailer.delivers && user.email && !user.emailVerified) {
        throw new HttpError(403, UNVERIFIED, { needsEmailVerification: true, email: user.email });
      }
      await signIn(app, request, reply, user.id);
      return publicUser(user);
    },
  );

  const registerLimit = limit(app, 'register', (body: RegisterRequest) => body.email);
  app.post<{ Body: RegisterRequest }>(
    '/api/register',
    { schema: { body: RegisterRequest }, config: registerLimit.config, preHandler: registerLimit.guard },
    async (request, reply): Promise<User | RegisterPendingResponse> => {
      const { password, ...fields } = request.body;
      if (await findByUsername(db, fields.username)) throw conflict(USERNAME_TAKEN);
      if (await findByEmail(db, fields.email)) throw conflict(EMAIL_TAKEN);
      // With real mail the address must be proved; without, a newcomer's first run just works.
      const verify = mailer.delivers;
      const user = await insertUser(db, {
        ...fields,
        passwordHash: await hashPassword(password),
        emailVerified: !verify,
      });
      reply.status(201);
      if (verify) {
        const code = await issueCode(db, user.id, 'verify-email', app.services.now());
        mailCode(mailer, request.log, fields.email, 'verify-email', code);
        return {
          success: true,
          message: 'Registration successful. Please check your email for a verification code.',
          user: { needsEmailVerification: true, email: fields.email },
        };
      }
      await signIn(app, request, reply, user.id);
      return publicUser(user);
    },
  );

  app.post('/api/logout', { schema: { body: NoBody } }, async (request, reply): Promise<SuccessResponse> => {
    await app.services.sessions.end(request, reply);
    return { success: true, message: 'You have been logged out successfully' };
  });
}
