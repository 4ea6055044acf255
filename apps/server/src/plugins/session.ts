import { createHash, randomBytes, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { preparedOnce } from '../db/prepared.ts';
import { sessions, type UserRow, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Channel, EventBus } from '../events/bus.ts';
import { ReadCache } from '../read-cache.ts';

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

/** Sessions whose user is kept in memory; a change elsewhere reaches every instance on the bus. */
const CACHED_SESSIONS = 10_000;
/** How long a session's user may be kept: the bound on a change made outside the server. */
export const SESSION_CACHE_MS = 5_000;

/** A session ended, or a user changed: every instance drops what it kept of them. */
export type SessionChange = ({ sessionId: string } | { userId: string }) & {
  /** The instance that made the change, which has dropped it already. */
  from: string;
};

interface CachedSession {
  user: UserRow;
  expiresAt: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The user of a live session: every API request asks. */
const sessionUser = preparedOnce((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user'),
);

/**
 * Database sessions behind an httpOnly, SameSite=Lax cookie (Secure in production). Every API
 * request asks for its session's user, so the answer is kept in memory (read-cache.ts): whatever
 * ends a session or changes a user row calls `end`, `endOthers` or `changed`, which drop it here and,
 * through the bus, on every other instance.
 */
export class SessionStore {
  private readonly cache: ReadCache<CachedSession>;
  private readonly changes: Channel<SessionChange>;
  private readonly instance = randomUUID();
  private readonly listeners = new Set<(change: SessionChange) => void>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly now: () => Date,
    bus: EventBus,
  ) {
    this.cache = new ReadCache(CACHED_SESSIONS, SESSION_CACHE_MS, () => now().getTime());
    this.changes = bus.channel<SessionChange>('sessions');
    this.changes.subscribe((change) => {
      if (change.from !== this.instance) this.drop(change);
    });
  }

  private drop(change: SessionChange): void {
    if ('sessionId' in change) this.cache.drop(change.sessionId);
    else this.cache.dropWhere((kept) => kept.user.id === change.userId);
    for (const listener of this.listeners) listener(change);
  }

  /** Hears every change, made here or on another instance, once it is dropped here (the open sockets). */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user of a session if it is live now (not ended, not expired, not blocked). */
  async userOf(sessionId: string): Promise<UserRow | undefined> {
    return (await this.find(sessionId, this.now()))?.user;
  }

  /** Drops the change here at once (this request's next read must see it), then everywhere. */
  private async tell(change: { sessionId: string } | { userId: string }): Promise<void> {
    const told = { ...change, from: this.instance };
    this.drop(told);
    await this.changes.publish(told);
  }

  /** A user row changed (rights, names, password, address): sessions read it afresh. */
  changed(userId: string): Promise<void> {
    return this.tell({ userId });
  }

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

  /** Ends the request's session, if it has one. */
  async discard(request: FastifyRequest): Promise<void> {
    if (!request.sessionId) return;
    await this.db.delete(sessions).where(eq(sessions.id, request.sessionId));
    await this.tell({ sessionId: request.sessionId });
  }

  /** Ends the request's session and clears its cookie. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.discard(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Ends every session of a user but the one given (after a password change). */
  async endOthers(userId: string, keep: string | null): Promise<void> {
    await this.db
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    await this.changed(userId);
  }

  async load(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = hashToken(token);
    const now = this.now();
    const session = await this.find(id, now);
    if (!session) return;
    const { user } = session;
    request.user = user;
    request.sessionId = id;
    const last = user.lastActivityAt?.getTime() ?? 0;
    if (now.getTime() - last > ACTIVITY_GRANULARITY_MS) {
      user.lastActivityAt = now; // the kept row too, so that the next request does not write again
      await this.db
        .update(users)
        .set({ lastActivityAt: now })
        .where(
          and(
            eq(users.id, user.id),
            or(
              isNull(users.lastActivityAt),
              lt(users.lastActivityAt, new Date(now.getTime() - ACTIVITY_GRANULARITY_MS)),
            ),
          ),
        );
    }
  }

  /** The live session's user (not a blocked one), from memory when it can. */
  private async find(id: string, now: Date): Promise<CachedSession | undefined> {
    const kept = this.cache.get(id);
    if (kept && kept.expiresAt > now) return kept;
    const begun = this.cache.begin();
    const [row] = await sessionUser(this.db).execute({ id, now });
    if (!row || row.user.isBlocked) return undefined;
    const found = { user: row.user, expiresAt: row.expiresAt };
    this.cache.put(id, found, begun);
    return found;
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
