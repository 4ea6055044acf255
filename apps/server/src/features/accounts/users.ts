import { randomInt } from 'node:crypto';
import type { User } from '@sbc/api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { conflict, HttpError } from '../../errors.ts';

export const USERNAME_TAKEN = 'Username already taken';
export const EMAIL_TAKEN = 'Email already registered';

/** What a client may see of a user: never the password hash or the Google subject. */
export function publicUser(u: UserRow, extra: Pick<User, 'needsEmailVerification'> = {}): User {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    createdAt: u.createdAt.toISOString(),
    profileImageUrl: u.profileImageUrl,
    isAdmin: u.isAdmin,
    isBlocked: u.isBlocked,
    tosViolation: u.tosViolation,
    lastActivityAt: u.lastActivityAt?.toISOString() ?? null,
    ...(u.pendingEmail ? { pendingEmail: u.pendingEmail } : {}),
    ...extra,
  };
}

const lower = (column: typeof users.email | typeof users.username) => sql`lower(${column})`;

/** Usernames and emails are unique whatever their case. */
export async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(lower(users.email), email.toLowerCase()))
    .limit(1);
  return user;
}

/** Whether an account other than `userId` has this email. */
export async function takenByOther(db: Db, userId: string, email: string): Promise<boolean> {
  const owner = await findByEmail(db, email);
  return !!owner && owner.id !== userId;
}

/** A guest's name check, on every arrival in the lobby: prepared, and outside any transaction. */
const registeredName = preparedOnce((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(lower(users.username), sql.placeholder('username')))
    .limit(1)
    .prepare('registered_name'),
);

/** Whether a registered player has this name (case aside). */
export async function isRegisteredName(db: Db, username: string): Promise<boolean> {
  return (await registeredName(db).execute({ username: username.toLowerCase() })).length > 0;
}

export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(lower(users.username), username.toLowerCase()))
    .limit(1);
  return user;
}

/** A login names a username or, with an `@` (never in a username), an email. */
export const findByLogin = (db: Db, login: string) =>
  login.includes('@') ? findByEmail(db, login) : findByUsername(db, login);

/** Grants or takes away the admin rights; answers the user, if there is one. */
export async function setAdmin(
  db: Db,
  who: { id: string } | { username: string },
  isAdmin: boolean,
): Promise<UserRow | undefined> {
  const where = 'id' in who ? eq(users.id, who.id) : eq(lower(users.username), who.username.toLowerCase());
  const [user] = await db.update(users).set({ isAdmin }).where(where).returning();
  return user;
}

/** Which unique index a failed write hit, whether the driver wraps the error or not. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Inserts a user; a lost race on a unique name or email becomes the same 409 as the early check. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  try {
    const [user] = await db.insert(users).values(values).returning();
    return user;
  } catch (error) {
    throw takenError(error) ?? error;
  }
}

export function takenError(error: unknown) {
  const index = uniqueViolation(error);
  if (index === 'users_username_lower') return conflict(USERNAME_TAKEN);
  if (index === 'users_email_lower') return conflict(EMAIL_TAKEN);
  return undefined;
}

/** Signs the client in on a new session: the one it came with (if any) ends, so ids rotate. */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const { db } = app.services.database;
  await app.services.sessions.discard(request);
  await app.services.sessions.start(reply, userId);
  await db.update(users).set({ lastActivityAt: app.services.now() }).where(eq(users.id, userId));
}

/** What Google (or any OpenID provider) tells of its user. */
export interface GoogleClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
}

const claim = (value: unknown, max: number) =>
  typeof value === 'string' && value ? value.slice(0, max) : null;

/**
 * The account of a Google user: the one linked to its subject, else the one with its verified email
 * (now linked), else a new one with a free username derived from the email or the name.
 */
export async function googleAccount(app: FastifyInstance, claims: GoogleClaims): Promise<UserRow> {
  const { db } = app.services.database;
  const [linked] = await db.select().from(users).where(eq(users.googleSubject, claims.sub)).limit(1);
  if (linked) return linked;
  const email = claims.email_verified === true ? claim(claims.email, 254) : null;
  const existing = email ? await findByEmail(db, email) : undefined;
  if (existing) {
    if (existing.googleSubject)
      throw conflict('This email belongs to an account linked to another Google account');
    // An unproved address may have been registered by someone else: Google has just proved it, so
    // the password set by whoever registered it (and their sessions) no longer open the account.
    const takeover = !existing.emailVerified;
    const [user] = await db
      .update(users)
      .set({ googleSubject: claims.sub, emailVerified: true, ...(takeover ? { passwordHash: null } : {}) })
      .where(eq(users.id, existing.id))
      .returning();
    const { sessions } = app.services;
    await (takeover ? sessions.endOthers(user.id, null) : sessions.changed(user.id));
    return user;
  }
  const firstName = claim(claims.given_name, 50);
  const lastName = claim(claims.family_name, 50);
  const base =
    (email?.split('@')[0] ?? `${firstName ?? ''}${lastName ?? ''}`)
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24) || 'player';
  for (let attempt = 0; ; attempt++) {
    const username = attempt === 0 && base.length >= 3 ? base : `${base}${randomInt(1000, 100_000)}`;
    try {
      return await insertUser(db, {
        username,
        email,
        firstName,
        lastName,
        profileImageUrl: claim(claims.picture, 2000),
        googleSubject: claims.sub,
        emailVerified: !!email,
      });
    } catch (error) {
      if (attempt >= 5 || !(error instanceof HttpError && error.message === USERNAME_TAKEN)) throw error;
    }
  }
}
