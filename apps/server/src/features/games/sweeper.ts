import type { GameActionResponse } from '@sbc/api';
import { ABANDONMENT_CHECK_MS, LIVE_STATUSES } from '@sbc/game';
import { and, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { games } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { abandon } from './intentions.ts';
import { inactivityMs, withGame } from './service.ts';

/**
 * Ends every live game whose side to move has not moved for the inactivity limit (only those
 * matching `where`, when given): the side to move loses. Returns the games it ended.
 */
export async function endInactiveGames(
  services: Services,
  log: FastifyBaseLogger,
  where?: SQL,
): Promise<GameActionResponse[]> {
  const db = services.database.db;
  const cutoff = new Date(services.now().getTime() - inactivityMs(services));
  // One query on the status index; finished games, the vast majority, are never read.
  const idle = await db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        inArray(games.status, [...LIVE_STATUSES]),
        lt(games.lastMoveAt, cutoff),
        // A timed game has a deadline, and its clock ends it instead (clocks.ts).
        isNull(games.deadlineAt),
        where,
      ),
    );
  const ended: GameActionResponse[] = [];
  for (const { id } of idle) {
    try {
      const done = await withGame(services, log, id, (loaded) =>
        loaded.game.isOver || loaded.row.lastMoveAt >= cutoff || loaded.row.deadlineAt
          ? null
          : abandon(loaded),
      );
      if (done) ended.push(done.view());
    } catch (error) {
      // 409: someone moved in the meantime, so the game is no longer idle. Anything else is one
      // broken game, which must not keep the others from being swept.
      if (!(error instanceof HttpError && error.statusCode === 409))
        log.error({ err: error, gameId: id }, 'sweep failed');
    }
  }
  return ended;
}

/** Runs the sweep every 10 s while the server is up; a slow sweep is never run twice at once. */
export function inactivitySweeper(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= endInactiveGames(app.services, app.log)
        .catch((err) => app.log.error({ err }, 'inactivity sweep failed'))
        .finally(() => {
          running = null;
        });
    }, ABANDONMENT_CHECK_MS);
    timer.unref();
  });
  // preClose: a sweep under way finishes before the database closes (the root's onClose).
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
