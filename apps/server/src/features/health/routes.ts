import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    try {
      await app.services.database.db.execute(sql`select 1`);
      return { status: 'ok', database: app.services.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
}
