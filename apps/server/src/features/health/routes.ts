import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pTimeout from 'p-timeout';

/** Each part answers within this, or counts as down: a load balancer's check must not hang. */
export const HEALTH_CHECK_MS = 2000;

/** Readiness (docs/api.md §2): the database and, with REDIS_URL, Redis, each within HEALTH_CHECK_MS. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { database, redis } = app.services;
  const answers = (check: () => Promise<unknown>) =>
    pTimeout(check(), { milliseconds: HEALTH_CHECK_MS }).then(
      () => true,
      () => false,
    );
  app.get('/healthz', async (_request, reply) => {
    const [databaseUp, redisUp] = await Promise.all([
      answers(() => database.db.execute(sql`select 1`)),
      redis ? answers(() => redis.ping()) : true,
    ]);
    const down = [...(databaseUp ? [] : ['Database']), ...(redisUp ? [] : ['Redis'])];
    if (down.length) {
      const message = `${down.join(' and ')} unreachable`;
      return reply
        .status(503)
        .send({ status: 'unavailable', message, down: down.map((d) => d.toLowerCase()) });
    }
    return { status: 'ok', database: database.kind, ...(redis ? { redis: 'ok' } : {}) };
  });
}
