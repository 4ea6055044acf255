import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { type EventBus, localBus } from './events/bus.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { GAME_CACHE_SIZE, GameCache } from './features/games/cache.ts';
import { gameRoutes } from './features/games/routes.ts';
import { inactivityMs } from './features/games/service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { webRoutes } from './features/web/routes.ts';
import { loggerOptions } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { errorHandling, zodValidation } from './plugins/errors.ts';
import { security } from './plugins/security.ts';
import { SessionStore, sessionPlugin } from './plugins/session.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  bus?: EventBus;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** The built web app (default apps/web/dist). */
  webRoot?: string;
}

/** Request bodies are small JSON documents; anything bigger is refused before it is parsed. */
export const BODY_LIMIT = 16 * 1024;
/** The API's answers: a list of 100 games is about 50 KiB. */
const SYNC_COMPRESS_LIMIT = 64 * 1024;

/** Builds the server: one plugin per domain, all sharing the same services. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.NODE_ENV === 'production',
  });
  const bus = options.bus ?? localBus();
  const now = options.now ?? (() => new Date());
  const services: Services = {
    config,
    database,
    bus,
    mailer: options.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM, app.log),
    sessions: new SessionStore(database.db, config, now),
    gameCache: new GameCache(GAME_CACHE_SIZE, inactivityMs({ config }), now),
    now,
  };
  app.decorate('services', services);
  zodValidation(app);
  errorHandling(app);
  await security(app, config);
  // Answers are compressed when the browser accepts it (built files come precompressed); request
  // bodies are small JSON and are never accepted compressed. An answer up to SYNC_COMPRESS_LIMIT
  // is compressed in one call, not through a stream: for a list of games that is 0.15 ms, not 1.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: SYNC_COMPRESS_LIMIT,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await sessionPlugin(app, services.sessions);

  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(adminRoutes);
  await app.register(gameRoutes);
  await app.register(webRoutes, { root: options.webRoot });

  app.addHook('onClose', async () => {
    services.mailer.close();
    await bus.close();
    await database.close();
  });
  return app;
}
