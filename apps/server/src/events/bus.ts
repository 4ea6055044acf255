import { EventEmitter } from 'node:events';
import type { ClockRecord } from '@sbc/game';
import type { games } from '../db/schema.ts';
import { connectRedis } from '../redis.ts';

type GameRow = typeof games.$inferSelect;

/**
 * What another instance's copy of the game in memory needs to follow a write, without the record
 * (which grows with the game): the move texts the change added, the row's columns it set but the
 * record, and the record's parts that are no moves.
 */
export interface Written {
  /** Null when the change cannot be followed so (a takeback, an end): the copy goes. */
  texts: string[] | null;
  /** Through Redis its dates come as JSON's text. */
  columns: Partial<Omit<GameRow, 'record'>>;
  record: {
    clock: { white: number; black: number };
    chessClock?: ClockRecord | null;
    pendingPromotion: { from: string; to: string } | null;
  };
}

/** What happens to a game, as others (WebSocket clients, other instances) learn of it. */
export interface GameEvent {
  type:
    | 'game:move'
    | 'game:draw_requested'
    | 'game:draw_accepted'
    | 'game:draw_rejected'
    | 'game:resigned'
    | 'game:timeout'
    | 'game:updated';
  gameId: string;
  /** The game's version after the change: an instance keeping an older one in memory follows it or drops it. */
  version: number;
  /** The game's sockets' frame (docs/api.md §7), built once: every socket on every instance gets this text. */
  frame: string;
  /** The thumbnails' game:fen, built once; null while a defender's choice is pending (no SBFEN says it). */
  thumb: string | null;
  /** Whether the change ended the game: its thumbnails stop following it. */
  over: boolean;
  /** Its players, whose lists of games change. */
  players: (string | null)[];
  written: Written;
}

/** One kind of event, delivered to every subscriber on every instance. */
export interface Channel<E> {
  publish(event: E): Promise<void>;
  subscribe(listener: (event: E) => void): () => void;
}

/**
 * The publish/subscribe seam: in-process by default, Redis when several instances share events.
 * Game events are its own; another kind (the rooms') rides on a named channel of the same transport.
 */
export interface EventBus extends Channel<GameEvent> {
  channel<E>(name: string): Channel<E>;
  close(): Promise<void>;
}

function emitterChannel<E>(emitter: EventEmitter, name: string): Channel<E> {
  return {
    async publish(event) {
      emitter.emit(name, event);
    },
    subscribe(listener) {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
  };
}

function emitter(): EventEmitter {
  const e = new EventEmitter();
  e.setMaxListeners(0);
  return e;
}

// Named for its events' shape: instances of an older shape, during a rolling deploy, do not read these.
const GAME_CHANNEL = 'game-frames';
const PREFIX = 'sbc:';

export function localBus(): EventBus {
  const local = emitter();
  return {
    ...emitterChannel<GameEvent>(local, PREFIX + GAME_CHANNEL),
    channel: (name) => emitterChannel(local, PREFIX + name),
    async close() {
      local.removeAllListeners();
    },
  };
}

/**
 * Redis's channels are one space for all its clients, whatever their numbered database: `prefix`
 * keeps apart groups of instances sharing one Redis (the tests running side by side).
 */
export async function redisBus(url: string, prefix = PREFIX): Promise<EventBus> {
  const [pub, sub] = await Promise.all([connectRedis(url), connectRedis(url)]);
  const local = emitter();
  // One subscription for every channel, so that a channel opened later misses nothing.
  await sub.psubscribe(`${prefix}*`);
  sub.on('pmessage', (_pattern, channel, message) => {
    local.emit(channel, JSON.parse(message));
  });
  const remote = <E>(name: string): Channel<E> => ({
    async publish(event) {
      await pub.publish(name, JSON.stringify(event));
    },
    subscribe: emitterChannel<E>(local, name).subscribe,
  });
  return {
    ...remote<GameEvent>(prefix + GAME_CHANNEL),
    channel: (name) => remote(prefix + name),
    async close() {
      local.removeAllListeners();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
