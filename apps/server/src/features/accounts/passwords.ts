import { hash, verify } from '@node-rs/bcrypt';

/** About a quarter of a second per hash: slow enough to make guessing expensive. */
export const BCRYPT_COST = 12;

/** The hash of a random password nobody knows: checking it costs what a real check costs. */
const NOBODY = '$2b$12$DN04HCzxra07cS7yfxbMYeP52AwBKzIHk8bOvuKzkyMeAPA1OdsYi';

export const hashPassword = (password: string) =>
  hash(password, { cost: BCRYPT_COST, rejectLongPasswords: true });

/** False without a hash too, after the same work, so that a missing account cannot be timed. */
export async function checkPassword(
  password: string,
  passwordHash: string | null | undefined,
): Promise<boolean> {
  const ok = await verify(password, passwordHash ?? NOBODY);
  return ok && !!passwordHash;
}
