import type { Redis } from 'ioredis';

/** Attempts per key in a fixed window: the per-account limits of docs/api.md (Rate limits). */
export interface Counters {
  /** Counts one attempt on `key`; answers the attempts of its window so far and the ms left of it. */
  hit(key: string): Promise<{ count: number; ttlMs: number }>;
  /** Takes one attempt back (one that turned out not to count, such as a right password). */
  giveBack(key: string): Promise<void>;
}

/** In this process, on the services' clock. */
export function memoryCounters(windowMs: number, now: () => Date): Counters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key) {
      const t = now().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= t) {
        windows.delete(key);
        // All windows are as long, so the map's order is their end's: drop the ended ones in front.
        for (const [k, w] of windows) {
          if (w.endsAt > t) break;
          windows.delete(k);
        }
        window = { count: 0, endsAt: t + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, ttlMs: window.endsAt - t };
    },
    async giveBack(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count--;
    },
  };
}

/** The first attempt opens the window; the count and its end are read in the same step. */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;
/** DECR keeps the window's end; an ended window is not brought back. */
const GIVE_BACK = `if (tonumber(redis.call('GET', KEYS[1])) or 0) > 0 then redis.call('DECR', KEYS[1]) end`;

/** In Redis (REDIS_URL), shared by every instance, on Redis's clock. */
export function redisCounters(redis: Redis, prefix: string, windowMs: number): Counters {
  return {
    async hit(key) {
      const [count, ttlMs] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
      return { count, ttlMs };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key);
    },
  };
}
