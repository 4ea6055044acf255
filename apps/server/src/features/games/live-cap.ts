import { LIVE_STATUSES } from '@sbc/game';
import { and, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { games } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { countGames, playedBy } from './store.ts';
import { endInactiveGames } from './sweeper.ts';

/** The most games one account may have in play at once (docs/api.md §5); RATE_LIMIT_SCALE applies. */
export const LIVE_GAMES_MAX = 10;

/**
 * Refuses a new game (409 `liveGameCap`) to a player in as many live games as the cap, once those
 * of them left idle past the inactivity limit are ended, as the sweeper would end them soon anyway.
 */
export async function refuseOverLiveCap(services: Services, log: FastifyBaseLogger, userId: string) {
  const max = Math.round(LIVE_GAMES_MAX * services.config.RATE_LIMIT_SCALE);
  const live = () =>
    countGames(services.database.db, and(playedBy(userId), inArray(games.status, [...LIVE_STATUSES])));
  if ((await live()) < max) return;
  await endInactiveGames(services, log, playedBy(userId));
  if ((await live()) < max) return;
  throw new HttpError(
    409,
    `You have ${max} games in play, the most one account may have at once. Finish or resign one to start another.`,
    { code: 'liveGameCap' },
  );
}
