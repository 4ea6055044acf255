import type { Config } from '../../config.ts';

/** The window of every message budget. */
export const MESSAGE_WINDOW_MS = 5000;
/** A game's spectator count is told at most once in this time. */
export const SPECTATORS_EVERY_MS = 1000;
/** A refused frame (too big, not WebSocket) is logged at most once in this time per address. */
export const LOG_EVERY_MS = 60_000;

/** The socket layer's settings (config.ts): caps, the address budget, the keep-alive. */
export interface LiveLimits {
  socketsPerAddress: number;
  socketsPerPlayer: number;
  /** Messages within MESSAGE_WINDOW_MS from one socket; one more closes it (1008). */
  socketMessages: number;
  /** `game:sync`, `game:watch` and `games:watch`, which read games from the database, within the window from one socket. */
  socketSyncs: number;
  /** Messages within the window from all the sockets of one address. */
  addressMessages: number;
  pingMs: number;
  pongMs: number;
  /** Unsent bytes a socket may hold before it is dropped. */
  bufferedBytes: number;
}

export const liveLimits = (config: Config): LiveLimits => ({
  socketsPerAddress: config.LIVE_SOCKETS_PER_ADDRESS,
  socketsPerPlayer: config.LIVE_SOCKETS_PER_PLAYER,
  socketMessages: config.LIVE_SOCKET_MESSAGES,
  socketSyncs: config.LIVE_SOCKET_SYNCS,
  addressMessages: config.LIVE_ADDRESS_MESSAGES,
  pingMs: config.LIVE_PING_MS,
  pongMs: config.LIVE_PONG_MS,
  bufferedBytes: config.LIVE_BUFFERED_BYTES,
});

/** Fixed-window counters by key: `take` counts one arrival and says whether it is within the limit. */
export class Windows<K> {
  private readonly windows = new Map<K, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: K, now: number): boolean {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    return ++window.count <= this.limit;
  }

  forget(key: K): void {
    this.windows.delete(key);
  }

  /** Drops the windows that are over, so that keys seen once do not stay. */
  sweep(now: number): void {
    for (const [key, { start }] of this.windows) if (now - start >= this.windowMs) this.windows.delete(key);
  }
}

/** The counters of the messages as they arrive: per socket, per address, and the costly ones per socket. */
export interface Budgets {
  socket: Windows<object>;
  address: Windows<string>;
  costly: Windows<object>;
}

export const budgets = (limits: LiveLimits): Budgets => ({
  socket: new Windows(limits.socketMessages, MESSAGE_WINDOW_MS),
  address: new Windows(limits.addressMessages, MESSAGE_WINDOW_MS),
  costly: new Windows(limits.socketSyncs, MESSAGE_WINDOW_MS),
});
