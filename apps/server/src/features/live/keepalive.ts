import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.ts';
import { sessionLives } from './connection.ts';
import type { Hub, LiveSocket } from './hub.ts';
import type { LiveLimits } from './limits.ts';

/**
 * Pings every socket every `pingMs` and drops one whose last answer is older than `pongMs` (a
 * browser answers by itself; a client that stopped reading does not), then runs `sweep`.
 * Returns its stop.
 */
export function keepAlive(hub: Hub, limits: LiveLimits, sweep: () => void): () => void {
  const timer = setInterval(() => {
    const now = performance.now();
    for (const socket of hub.sockets()) {
      const { ws } = socket;
      if (now - socket.answeredAt > limits.pongMs) ws.terminate();
      else if (ws.readyState === ws.OPEN) {
        socket.pingedAt = now;
        ws.ping();
      }
    }
    sweep();
  }, limits.pingMs);
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
