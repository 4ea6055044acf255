import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/**
 * Serves the built web app, with `index.html` for every client-side route; `/api` paths that no
 * route answers get a JSON 404.
 */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  const built = existsSync(`${webDist}/index.html`);
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !built) {
      return reply.status(404).send({ message: 'Not found' });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
