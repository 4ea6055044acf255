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
