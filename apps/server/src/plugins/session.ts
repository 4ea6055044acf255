import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { preparedOnce } from '../db/prepared.ts';
import { sessions, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { UserRow } from '../features/accounts/users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    /** The hashed id of the session the request came with. */
    sessionId: string | null;
  }
}

export const SESSION_COOKIE = 'sbc_session';
const SESSION_DAYS = 30;
/** `lastActivityAt` is written at most this often per user: cheap enough for every request. */
const ACTIVITY_GRANULARITY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The user of a live session: every API request asks. */
const sessionUser = preparedOnce((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user'),
);

/** Database sessions behind an httpOnly, SameSite=Lax cookie (Secure in production). */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly now: () => Date,
  ) {}

  /** Starts a fresh session (a new id at every sign-in) and sets its cookie. */
  async start(reply: FastifyReply, userId: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + SESSION_DAYS * 86_400_000);
    await this.db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      expires: expiresAt,
    });
  }

  /** Ends the request's session and clears its cookie. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.sessionId) await this.db.delete(sessions).where(eq(sessions.id, request.sessionId));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Ends every session of a user but the one given (after a password change). */
  async endOthers(userId: string, keep: string | null): Promise<void> {
    await this.db
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
  }

  async load(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = hashToken(token);
    const now = this.now();
    const [row] = await sessionUser(this.db).execute({ id, now });
    if (!row || row.user.isBlocked) return;
    request.user = row.user;
    request.sessionId = id;
    const last = row.user.lastActivityAt?.getTime() ?? 0;
    if (now.getTime() - last > ACTIVITY_GRANULARITY_MS) {
      await this.db
        .update(users)
        .set({ lastActivityAt: now })
        .where(
          and(
            eq(users.id, row.user.id),
            or(
              isNull(users.lastActivityAt),
              lt(users.lastActivityAt, new Date(now.getTime() - ACTIVITY_GRANULARITY_MS)),
            ),
          ),
        );
    }
  }
}

export async function sessionPlugin(app: FastifyInstance, store: SessionStore): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await store.load(request);
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden("You don't have permission to access the admin panel.");
  return user;
}
