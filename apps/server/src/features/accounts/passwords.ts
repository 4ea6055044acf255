import { hash, verify } from '@node-rs/bcrypt';
import { HttpError } from '../../errors.ts';

/** About a quarter of a second per hash: slow enough to make guessing expensive. */
export const BCRYPT_COST = 12;

/**
 * bcrypt runs on libuv's thread pool (4 threads), which also compresses large answers and serves
 * files: at most 2 hashes run at once, so that a burst of logins leaves threads to everyone else,
 * and at most 16 wait; beyond that the answer is 503 at once (docs/api.md, Conventions).
 */
export const BCRYPT_RUNNING = 2;
export const BCRYPT_WAITING = 16;
export const BUSY = 'The server is busy. Please try again in a few seconds.';

/** The hash of a random password nobody knows: checking it costs what a real check costs. */
const NOBODY = '$2b$12$DN04HCzxra07cS7yfxbMYeP52AwBKzIHk8bOvuKzkyMeAPA1OdsYi';

export const hashPassword = (password: string) =>
  hash(password, { cost: BCRYPT_COST, rejectLongPasswords: true });

export interface Passwords {
  hash(password: string): Promise<string>;
  /** False without a hash too, after the same work, so that a missing account cannot be timed. */
  check(password: string, passwordHash: string | null | undefined): Promise<boolean>;
}

/** bcrypt through one gate per server. */
export function createPasswords(): Passwords {
  const run = gate(BCRYPT_RUNNING, BCRYPT_WAITING);
  return {
    hash: (password) => run(() => hashPassword(password)),
    check: async (password, passwordHash) =>
      (await run(() => verify(password, passwordHash ?? NOBODY))) && !!passwordHash,
  };
}

/** Runs at most `running` tasks at once, in order of arrival, with at most `waiting` in line. */
function gate(running: number, waiting: number) {
  let active = 0;
  const line: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < running) active++;
    else if (line.length < waiting) await new Promise<void>((resolve) => line.push(resolve));
    else throw new HttpError(503, BUSY);
    try {
      return await task();
    } finally {
      // A finished task hands its place straight to the next in line.
      const next = line.shift();
      if (next) next();
      else active--;
    }
  };
}
