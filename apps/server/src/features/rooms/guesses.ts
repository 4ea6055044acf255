import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import type { Counters } from '../accounts/counters.ts';
import { minutesLeft, windowCounters } from '../accounts/limits.ts';
import { playerOf } from './guests.ts';
import { isRoomNotFound } from './service.ts';

/**
 * Wrong room codes per address and per player in a window (docs/api.md §7, "Guessing codes"), so
 * that a code among many open rooms cannot be found by trying; RATE_LIMIT_SCALE multiplies both.
 */
export const WRONG_CODES = { perAddress: 20, perPlayer: 10, windowMinutes: 15 } as const;

/** Who sends a code: the address, and the player when known (a user, or a guest by their cookie). */
export interface Guesser {
  address: string;
  playerId: string | null;
}

export const guesserOf = (request: FastifyRequest, secret: string): Guesser => ({
  address: request.ip,
  playerId: playerOf(request, secret)?.id ?? null,
});

export interface CodeGuesses {
  /**
   * Runs a lookup by the code a client sent. It counts first, against the address and the player,
   * so that guesses sent at once cannot all pass; a lookup that finds the room gives its count
   * back. Beyond either allowance every lookup is refused (429 `rateLimited`, and Retry-After on
   * `reply`) until the window ends.
   */
  check<T>(who: Guesser, lookup: () => Promise<T>, reply?: FastifyReply): Promise<T>;
}

export function codeGuesses(services: Pick<Services, 'config' | 'redis' | 'now'>): CodeGuesses {
  const scale = services.config.RATE_LIMIT_SCALE;
  const windowMs = WRONG_CODES.windowMinutes * 60_000;
  const allowance = (kind: string, max: number, keyOf: (who: Guesser) => string | null) => ({
    counters: windowCounters(services, `sbc:room-codes:${kind}:`, windowMs),
    max: Math.round(max * scale),
    keyOf,
  });
  const allowances = [
    allowance('address', WRONG_CODES.perAddress, (who) => who.address),
    allowance('player', WRONG_CODES.perPlayer, (who) => who.playerId),
  ];
  return {
    async check(who, lookup, reply) {
      const counted: { counters: Counters; max: number; key: string }[] = [];
      for (const { keyOf, ...rest } of allowances) {
        const key = keyOf(who);
        if (key) counted.push({ ...rest, key });
      }
      const hits = await Promise.all(counted.map(({ counters, key }) => counters.hit(key)));
      const over = hits.filter((hit, i) => hit.count > counted[i].max);
      if (over.length) {
        const ttlMs = Math.max(...over.map((hit) => hit.ttlMs));
        reply?.header('retry-after', Math.ceil(ttlMs / 1000));
        throw new HttpError(429, `Too many wrong room codes. Please try again in ${minutesLeft(ttlMs)}.`, {
          code: 'rateLimited',
        });
      }
      const giveBack = () => Promise.all(counted.map(({ counters, key }) => counters.giveBack(key)));
      try {
        const found = await lookup();
        await giveBack();
        return found;
      } catch (error) {
        if (!isRoomNotFound(error)) await giveBack();
        throw error;
      }
    },
  };
}
