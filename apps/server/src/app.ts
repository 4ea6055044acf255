import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { createBackground } from './background.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { HttpError } from './errors.ts';
import { type EventBus, localBus } from './events/bus.ts';
import { createPasswords } from './features/accounts/passwords.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { GAME_CACHE_SIZE, GameCache } from './features/games/cache.ts';
import { ClockTimers } from './features/games/clocks.ts';
import { GameLists } from './features/games/lists.ts';
import { gameRoutes } from './features/games/routes.ts';
import { inactivityMs } from './features/games/service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { liveRoutes } from './features/live/routes.ts';
import { Lobby } from './features/lobby/lobby.ts';
import { lobbyRoutes } from './features/lobby/routes.ts';
import { LeaderboardCache, readLeaderboards } from './features/players/leaderboards.ts';
import { profileRoutes } from './features/players/routes.ts';
import { codeGuesses } from './features/rooms/guesses.ts';
import { memoryPresence } from './features/rooms/presence.ts';
import { redisPresence } from './features/rooms/presence-redis.ts';
import { roomRoutes } from './features/rooms/routes.ts';
import { webRoutes } from './features/web/routes.ts';
import { loggerOptions } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { answerClientError, answerError, answerFrameworkError, zodValidation } from './plugins/errors.ts';
import { security } from './plugins/security.ts';
import { SessionStore, sessionPlugin } from './plugins/session.ts';
import { appSecret } from './secret.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  bus?: EventBus;
  /** With REDIS_URL: the rate-limit counters and the rooms' presence, shared by every instance. */
  redis?: Redis;
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

/**
 * Fastify 5 ignores a bare hop count, as it cannot tell a proxy from a client; a count in
 * TRUST_PROXY is the operator's word that only the proxies reach the server (.env.example).
 */
const trustProxy = (trust: Config['TRUST_PROXY']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Builds the server: one plugin per domain, all sharing the same services. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxy(config.TRUST_PROXY),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const bus = options.bus ?? localBus();
  const now = options.now ?? (() => new Date());
  const services: Services = {
    config,
    database,
    bus,
    mailer: options.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM, app.log),
    redis: options.redis,
    secret: appSecret(config),
    sessions: new SessionStore(database.db, config, now, bus),
    passwords: createPasswords(),
    background: createBackground(app.log),
    gameCache: new GameCache(GAME_CACHE_SIZE, inactivityMs({ config }), now),
    gameLists: new GameLists(bus, now),
    presence: options.redis
      ? redisPresence(options.redis, app.log, { now: () => now().getTime() })
      : memoryPresence(() => now().getTime()),
    codeGuesses: codeGuesses({ config, redis: options.redis, now }),
    leaderboards: new LeaderboardCache(
      () => readLeaderboards(database.db, now()),
      () => now().getTime(),
    ),
    now,
    startedAt: now(),
  } as Omit<Services, 'clockTimers' | 'lobby'> as Services;
  services.clockTimers = new ClockTimers(services, app.log);
  services.lobby = new Lobby(services, app.log);
  app.decorate('services', services);
  database.onLost?.((err) => app.log.warn({ err }, 'an idle database connection was closed'));
  zodValidation(app);
  app.setErrorHandler(answerError);
  // Bodies are JSON only (docs/api.md): Fastify's text parser would hand a route a string.
  app.removeContentTypeParser('text/plain');
  security(app, config);
  // Answers are compressed when the browser accepts it (built files come precompressed); request
  // bodies are small JSON and are never accepted compressed. An answer up to SYNC_COMPRESS_LIMIT
  // (every game answer) is compressed in one call on the event loop, in well under a millisecond,
  // not through a zlib stream, which would wait on the thread pool behind bcrypt (passwords.ts).
  // Brotli's quality 1 (the plugin's default is 4): an answer made for one request is compressed
  // for it alone, and 1 takes a third of 4's time for a few percent more bytes (docs/benchmarks-log.md).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    globalDecompression: false,
    syncThreshold: SYNC_COMPRESS_LIMIT,
  });
  await app.register(rateLimit, {
    global: false,
    redis: options.redis,
    nameSpace: 'sbc:address:',
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  await sessionPlugin(app, services.sessions);

  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(adminRoutes);
  await app.register(feedbackRoutes);
  await app.register(gameRoutes);
  await app.register(roomRoutes);
  await app.register(lobbyRoutes);
  await app.register(profileRoutes);
  await app.register(liveRoutes);
  await app.register(webRoutes, { root: options.webRoot });

  app.addHook('onClose', async () => {
    await services.background.settle();
    services.mailer.close();
    await bus.close();
    options.redis?.disconnect();
    await database.close();
  });
  return app;
}
