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
import { sendCode } from './codes.ts';
import { limit } from './limits.ts';
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
  const { mailer, passwords } = app.services;

  app.get('/api/user', async (request): Promise<User> => publicUser(requireUser(request)));

  // A signed-out browser sent here (docs/api.md §3) goes on to the sign-in page, /auth.
  app.get('/api/login', async (_request, reply) => reply.redirect('/auth'));

  const loginLimit = limit(app, 'login', (body: LoginRequest) => body.username);
  app.post<{ Body: LoginRequest }>(
    '/api/login',
    { schema: { body: LoginRequest }, config: loginLimit.config },
    async (request, reply): Promise<User> => {
      const user = await findByLogin(db, request.body.username);
      // Counted per account, so that its username and its email share one allowance.
      const account = user?.id ?? request.body.username;
      await loginLimit.take(request, reply, account);
      if (!(await passwords.check(request.body.password, user?.passwordHash)) || !user) {
        throw unauthorized('Invalid username or password');
      }
      await loginLimit.giveBack(request, account);
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
      // Hashed first: a taken address answers as slowly as a new one (docs/api.md, POST /api/register).
      const passwordHash = await passwords.hash(password);
      if (await findByUsername(db, fields.username)) throw conflict(USERNAME_TAKEN);
      if (await findByEmail(db, fields.email)) throw conflict(EMAIL_TAKEN);
      // With real mail the address must be proved; without, a newcomer's first run just works.
      const verify = mailer.delivers;
      const user = await insertUser(db, { ...fields, passwordHash, emailVerified: !verify });
      reply.status(201);
      if (verify) {
        sendCode(app.services, user.id, fields.email, 'verify-email');
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
