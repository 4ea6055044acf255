import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/session.ts';
import type { Services } from '../../services.ts';
import { type Counters, memoryCounters, redisCounters } from './counters.ts';

/**
 * Per address: requests per minute. Per account: attempts per 15 minutes on one username or email
 * (for login only the failed ones count). RATE_LIMIT_SCALE multiplies both. With REDIS_URL both
 * are counted in Redis, so that several instances share them.
 */
export const LIMITS = {
  login: { perIp: 10, perAccount: 5 },
  register: { perIp: 5, perAccount: 5 },
  forgot: { perIp: 5, perAccount: 3 },
  resend: { perIp: 5, perAccount: 3 },
  reset: { perIp: 10, perAccount: 10 },
  verify: { perIp: 10, perAccount: 10 },
} as const;

/** Calls limited per address only: requests per minute (RATE_LIMIT_SCALE applies too). */
export const ADDRESS_LIMITS = {
  feedback: 5,
  createRoom: 20,
  /** A visitor becoming a guest for the lobby (POST /api/guest). */
  guest: 20,
  /** Seeks and accepts (features/lobby), besides their limit per player. */
  seek: 120,
} as const;

/** The route `config` of a per-address limit: @fastify/rate-limit, in Redis with REDIS_URL. */
export function addressLimit(app: FastifyInstance, name: keyof typeof ADDRESS_LIMITS): Limit['config'] {
  const max = Math.round(ADDRESS_LIMITS[name] * app.services.config.RATE_LIMIT_SCALE);
  return { rateLimit: { max, timeWindow: '1 minute' } };
}

/** New games (POST /api/games), per minute: per account, and per address for accounts made in bulk. */
export const GAME_LIMITS = { perIp: 30, perAccount: 10 } as const;

const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** Attempts per key in a window of `windowMs`: in Redis with REDIS_URL (every instance's), else here. */
export function windowCounters(
  { redis, now }: Pick<Services, 'redis' | 'now'>,
  prefix: string,
  windowMs: number,
): Counters {
  return redis ? redisCounters(redis, prefix, windowMs) : memoryCounters(windowMs, now);
}

const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** What is left of a window, for a refusal's sentence: "1 minute", "15 minutes". */
export const minutesLeft = (ttlMs: number): string =>
  plural(Math.max(1, Math.ceil(ttlMs / 60_000)), 'minute');

export interface Limit {
  /** The route's `config`: the per-address limit of @fastify/rate-limit. */
  config: { rateLimit: { max: number; timeWindow: string } };
  /**
   * Counts one attempt against the account (by default the body's) and refuses it (429) beyond the
   * allowance. Counting comes first, so that attempts sent at once cannot all pass the check.
   */
  take(request: FastifyRequest, reply: FastifyReply, account?: string): Promise<void>;
  /** Gives an attempt back: for login only failures count. */
  giveBack(request: FastifyRequest, account?: string): Promise<void>;
  /** `take` as a preHandler, for routes where every attempt counts. */
  guard(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The two limits of one route; `accountOf` reads the username or email from the validated body. */
export function limit(
  app: FastifyInstance,
  name: keyof typeof LIMITS,
  accountOf: (body: never) => string,
): Limit {
  const scale = app.services.config.RATE_LIMIT_SCALE;
  const { perIp, perAccount } = LIMITS[name];
  const max = Math.round(perAccount * scale);
  const counters = windowCounters(app.services, `sbc:account:${name}:`, ACCOUNT_WINDOW_MS);
  const keyOf = (request: FastifyRequest, account: string | undefined) =>
    (account ?? accountOf(request.body as never)).trim().toLowerCase();
  const take: Limit['take'] = async (request, reply, account) => {
    const { count, ttlMs } = await counters.hit(keyOf(request, account));
    if (count <= max) return;
    reply.header('retry-after', Math.ceil(ttlMs / 1000));
    throw new HttpError(
      429,
      `Too many attempts for this account. Please try again in ${minutesLeft(ttlMs)}.`,
    );
  };
  return {
    config: { rateLimit: { max: Math.round(perIp * scale), timeWindow: '1 minute' } },
    take,
    giveBack: (request, account) => counters.giveBack(keyOf(request, account)),
    guard: (request, reply) => take(request, reply),
  };
}

/**
 * The limits of POST /api/games (GAME_LIMITS, RATE_LIMIT_SCALE applies): `config` per address, and
 * `guard`, a preHandler, per signed-in account; each refuses with 429 and Retry-After.
 */
export function gameCreationLimit(app: FastifyInstance) {
  const scale = app.services.config.RATE_LIMIT_SCALE;
  const max = Math.round(GAME_LIMITS.perAccount * scale);
  const counters = windowCounters(app.services, 'sbc:account:games:', 60_000);
  const refusal = (ms: number, whose: string) =>
    new HttpError(
      429,
      `Too many new games ${whose}. Please try again in ${plural(inSeconds(ms), 'second')}.`,
    );
  return {
    config: {
      rateLimit: {
        max: Math.round(GAME_LIMITS.perIp * scale),
        timeWindow: '1 minute',
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
          refusal(context.ttl, 'from this address'),
      },
    },
    async guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { count, ttlMs } = await counters.hit(requireUser(request).id);
      if (count <= max) return;
      reply.header('retry-after', inSeconds(ttlMs));
      throw refusal(ttlMs, `for this account (${max} a minute)`);
    },
  };
}
