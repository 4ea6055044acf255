import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { verificationCodes } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import type { Services } from '../../services.ts';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

export const INVALID_CODE = 'Invalid verification code';
export const EXPIRED_CODE = 'Verification code has expired. Request a new code.';
export const DEAD_CODE = 'Too many wrong attempts. Request a new code.';

/**
 * Codes are stored as an HMAC keyed by the server's secret (secret.ts), bound to their user and
 * purpose: a million codes are quickly hashed, so a plain hash in a copy of the database would give
 * them away.
 */
const digest = (secret: string, userId: string, purpose: CodePurpose, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest();

/** Deletes the user's codes of one purpose: none of them works any more. */
export async function dropCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
}

/** A fresh 6-digit code; it replaces every older code of the same purpose. */
async function issueCode(services: Services, userId: string, purpose: CodePurpose): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = services.now();
  await services.database.db.transaction(async (tx) => {
    await dropCodes(tx as unknown as Db, userId, purpose);
    await tx.insert(verificationCodes).values({
      userId,
      purpose,
      codeHash: digest(services.secret, userId, purpose, code).toString('base64url'),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
  });
  return code;
}

/**
 * Checks a code against the user's live one and answers its id, or throws with the reason. A wrong
 * code counts against the live one (committed at once); after MAX_CODE_ATTEMPTS it is dead.
 */
export async function checkCode(
  services: Services,
  userId: string | undefined,
  purpose: CodePurpose,
  code: string,
): Promise<string> {
  if (!userId) throw badRequest(INVALID_CODE);
  const { db } = services.database;
  const [live] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!live) throw badRequest(INVALID_CODE);
  if (live.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(DEAD_CODE);
  if (live.expiresAt <= services.now()) throw badRequest(EXPIRED_CODE);
  const expected = Buffer.from(live.codeHash, 'base64url');
  if (!timingSafeEqual(digest(services.secret, userId, purpose, code), expected)) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, live.id), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)));
    throw badRequest(INVALID_CODE);
  }
  return live.id;
}

/** Uses a checked code once, together with its effect: of two concurrent uses only one applies. */
export async function useCode(db: Db, codeId: string, now: Date, effect: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => {
    const used = await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationCodes.id, codeId),
          isNull(verificationCodes.usedAt),
          lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .returning({ id: verificationCodes.id });
    if (!used.length) throw badRequest(INVALID_CODE);
    await effect(tx as unknown as Db);
  });
}

const MAILS: Record<CodePurpose, { subject: string; text: (code: string) => string }> = {
  'verify-email': {
    subject: 'Verify your email for Shared Box Chess',
    text: (code) => `Your verification code is ${code}. It expires in 15 minutes.`,
  },
  'change-email': {
    subject: 'Confirm your new email for Shared Box Chess',
    text: (code) =>
      `Your verification code is ${code}. It expires in 15 minutes. Enter it in Settings to make this your account's email.`,
  },
  'reset-password': {
    subject: 'Reset your Shared Box Chess password',
    text: (code) =>
      `Your password reset code is ${code}. It expires in 15 minutes. If you did not ask for it, ignore this mail.`,
  },
};

/**
 * Issues a code and mails it after the answer, which so takes as long whether or not an account
 * exists and a mail leaves (docs/api.md, Verification codes); a failure only reaches the log (the
 * user can ask again).
 */
export function sendCode(services: Services, userId: string, to: string, purpose: CodePurpose) {
  const { subject, text } = MAILS[purpose];
  services.background.run(`mail of a ${purpose} code`, async () => {
    const code = await issueCode(services, userId, purpose);
    await services.mailer.send({ to, subject, text: text(code) });
  });
}
