import type { Redis } from 'ioredis';
import type { Background } from './background.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import type { EventBus } from './events/bus.ts';
import type { Passwords } from './features/accounts/passwords.ts';
import type { GameCache } from './features/games/cache.ts';
import type { ClockTimers } from './features/games/clocks.ts';
import type { GameLists } from './features/games/lists.ts';
import type { Lobby } from './features/lobby/lobby.ts';
import type { LeaderboardCache } from './features/players/leaderboards.ts';
import type { CodeGuesses } from './features/rooms/guesses.ts';
import type { Presence } from './features/rooms/presence.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SessionStore } from './plugins/session.ts';

/** What every feature plugin may use; built once in buildApp. */
export interface Services {
  config: Config;
  database: Database;
  bus: EventBus;
  mailer: Mailer;
  /** With REDIS_URL: where the rate-limit counters live, shared by every instance. */
  redis?: Redis;
  /** The key of the codes' HMAC: APP_SECRET or DATA_DIR/secret (secret.ts). */
  secret: string;
  sessions: SessionStore;
  /** bcrypt, a few at a time. */
  passwords: Passwords;
  /** Work after the answer (mail). */
  background: Background;
  /** The games in play this instance serves. */
  gameCache: GameCache;
  /** A timer per timed game in play, set for its deadline (flag or abort). */
  clockTimers: ClockTimers;
  /** Each player's list of games, until one of them is written. */
  gameLists: GameLists;
  /** Who is in each room now: in process, or in Redis with REDIS_URL (ephemeral, never stored). */
  presence: Presence;
  /** The wrong room codes of each address and player, over HTTP and the socket alike. */
  codeGuesses: CodeGuesses;
  /** This instance's view of the lobby's open seeks, their liveness and their news (features/lobby). */
  lobby: Lobby;
  /** The leaderboards, read at most every few seconds (features/players). */
  leaderboards: LeaderboardCache;
  /** The clock, so that tests can move time (inactivity, code expiry). */
  now: () => Date;
  /** When this server started (its uptime, on the admin's Settings tab). */
  startedAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
