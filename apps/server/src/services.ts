import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import type { EventBus } from './events/bus.ts';
import type { GameCache } from './features/games/cache.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SessionStore } from './plugins/session.ts';

/** What every feature plugin may use; built once in buildApp. */
export interface Services {
  config: Config;
  database: Database;
  bus: EventBus;
  mailer: Mailer;
  sessions: SessionStore;
  /** The games in play this instance serves. */
  gameCache: GameCache;
  /** The clock, so that tests can move time (inactivity, code expiry). */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
