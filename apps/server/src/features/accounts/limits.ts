import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';

/**
 * Per address: requests per minute. Per account: attempts per 15 minutes on one username or email
 * (for login only the failed ones count). RATE_LIMIT_SCALE multiplies both.
 */
export const LIMITS = {
  login: { perIp: 10, perAccount: 5 },
  register: { perIp: 5, perAccount: 5 },
  forgot: { perIp: 5, perAccount: 3 },
  resend: { perIp: 5, perAccount: 3 },
  reset: { perIp: 10, perAccount: 10 },
  verify: { perIp: 10, perAccount: 10 },
} as const;

const ACCOUNT_WINDOW_MS = 15 * 60_000;

export interface Limit {
  /** The route's `config`: the per-address limit of @fastify/rate-limit. */
  config: { rateLimit: { max: number; timeWindow: string } };
  /** Refuses the request (429) when the account has no attempt left; by default the body's. */
  check(request: FastifyRequest, reply: FastifyReply, account?: string): Promise<void>;
  /** Counts one attempt against the account. */
  hit(request: FastifyRequest, account?: string): Promise<void>;
  /** check then hit: a preHandler for routes where every attempt counts. */
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
  const accounts = new WeakMap<FastifyRequest, string>();
  const counter = app.createRateLimit({
    max: Math.round(perAccount * scale),
    timeWindow: ACCOUNT_WINDOW_MS,
    keyGenerator: (request) => `${name}:${accounts.get(request)}`,
  });
  const use = (request: FastifyRequest, account: string | undefined) => {
    accounts.set(request, (account ?? accountOf(request.body as never)).trim().toLowerCase());
    return request;
  };
  const check: Limit['check'] = async (request, reply, account) => {
    const state = await counter(use(request, account), { increment: false });
    if (state.isAllowed || state.remaining > 0) return;
    const minutes = Math.max(1, Math.ceil(state.ttl / 60_000));
    reply.header('retry-after', Math.ceil(state.ttl / 1000));
    throw new HttpError(
      429,
      `Too many attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };
  const hit: Limit['hit'] = async (request, account) => {
    await counter(use(request, account));
  };
  return {
    config: { rateLimit: { max: Math.round(perIp * scale), timeWindow: '1 minute' } },
    check,
    hit,
    guard: async (request, reply) => {
      await check(request, reply);
      await hit(request);
    },
  };
}
