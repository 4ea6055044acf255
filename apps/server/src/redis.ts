import { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

/**
 * A command Redis does not answer within this fails (a paused or cut-off Redis), instead of
 * holding the call that sent it: a login, a room, a move's event.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/**
 * A connected client: a wrong REDIS_URL stops the start instead of failing requests later.
 * `keyPrefix` (ioredis prefixes every key a command names) keeps apart groups of instances sharing
 * one Redis: the tests running side by side.
 */
export async function connectRedis(url: string, keyPrefix?: string): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  await redis.connect();
  return redis;
}

export const REDIS_UNAVAILABLE = 'A service the server needs is not answering. Please try again in a moment.';

/** ioredis's words for a command Redis did not answer (its errors have no classes of their own). */
const UNANSWERED = new Set([
  'Command timed out',
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
]);

/**
 * The answer to a call that failed because Redis did not answer (timed out, unreachable, retries
 * given up): 503 `unavailable`; null for any other failure.
 */
export function redisRefusal(error: unknown): HttpError | null {
  const unanswered =
    error instanceof Error && (UNANSWERED.has(error.message) || error.name === 'MaxRetriesPerRequestError');
  return unanswered ? new HttpError(503, REDIS_UNAVAILABLE, { code: 'unavailable' }) : null;
}
