import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

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
  /** The game's version after the change: an instance keeping an older one in memory drops it. */
  version: number;
  payload: Record<string, unknown>;
}

/** The publish/subscribe seam: in-process by default, Redis when several instances share events. */
export interface EventBus {
  publish(event: GameEvent): Promise<void>;
  subscribe(listener: (event: GameEvent) => void): () => void;
  close(): Promise<void>;
}

export function localBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'sbc:game-events';

export async function redisBus(url: string): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([pub.connect(), sub.connect()]);
  const local = localBus();
  await sub.subscribe(CHANNEL);
  sub.on('message', (_channel, message) => {
    void local.publish(JSON.parse(message) as GameEvent);
  });
  return {
    async publish(event) {
      await pub.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
