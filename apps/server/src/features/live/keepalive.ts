import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.ts';
import { sessionLives } from './connection.ts';
import type { Hub, LiveSocket } from './hub.ts';
import type { LiveLimits } from './limits.ts';

/** How often the sockets are looked at: each is pinged on its own beat, not all at once. */
const BEAT_MS = 1000;

/**
 * Pings each socket `pingMs` after it last answered (or opened), and drops one whose last answer is
 * older than `pongMs` (a browser answers by itself; a client that stopped reading does not); runs
 * `sweep` once a `pingMs`. The sockets are looked at every second, so their pings spread over the
 * period as their openings did: one burst of pings to every socket held the thread long enough to
 * show in bench:pairing's p99 (docs/benchmarks-log.md). Returns its stop.
 */
export function keepAlive(hub: Hub, limits: LiveLimits, sweep: () => void): () => void {
  let swept = performance.now();
  const timer = setInterval(
    () => {
      const now = performance.now();
      for (const socket of hub.sockets()) {
        const { ws } = socket;
        if (now - socket.answeredAt > limits.pongMs) ws.terminate();
        else if (!socket.pingedAt && now - socket.answeredAt >= limits.pingMs && ws.readyState === ws.OPEN) {
          socket.pingedAt = now;
          ws.ping();
        }
      }
      if (now - swept >= limits.pingMs) {
        swept = now;
        sweep();
      }
    },
    Math.min(BEAT_MS, limits.pingMs),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A session ended or its user changed, here or on another instance (the bus's `sessions`
 * channel): the sockets of that session or user check it again, and close if it no longer lives.
 */
export function watchSessions(services: Services, hub: Hub, log: FastifyBaseLogger): () => void {
  return services.sessions.onChange((change) => {
    const sockets: Iterable<LiveSocket> =
      'sessionId' in change
        ? [...hub.sockets()].filter((s) => s.sessionId === change.sessionId)
        : [...hub.of(change.userId)].filter((s) => s.sessionId);
    for (const socket of sockets) {
      sessionLives(services, socket).catch((err) => log.warn({ err }, 'socket session not checked'));
    }
  });
}
