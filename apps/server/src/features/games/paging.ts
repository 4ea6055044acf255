import type { CursorPageQuery, GamePage, PageQuery } from '@sbc/api';
import type { SQL } from 'drizzle-orm';
import { offsetOf, pageOf } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { countGames, pageByDeadline, pageGames, pageGamesNextTo, yourTurn } from './store.ts';
import { summaryView } from './view.ts';

/**
 * A page of games, newest first: every game (the admin's list) or those matching `where` (a
 * player's), read next to the query's cursor if it has one, else found by its number.
 */
export async function gamePage(db: Db, query: CursorPageQuery, where?: SQL): Promise<GamePage> {
  const { after, before, ...page } = query;
  const total = await countGames(db, where);
  const games = after
    ? await pageGamesNextTo(db, page.pageSize, { after }, where)
    : before
      ? await pageGamesNextTo(db, page.pageSize, { before }, where)
      : await pageGames(db, { limit: page.pageSize, offset: offsetOf(page) }, total, where);
  return pageOf(page, total, games.map(summaryView));
}

/** A page of the player's games where it is their turn, the most urgent first, by its number. */
export async function yourTurnPage(db: Db, page: PageQuery, playerId: string): Promise<GamePage> {
  const where = yourTurn(playerId);
  const total = await countGames(db, where);
  const games = await pageByDeadline(db, { limit: page.pageSize, offset: offsetOf(page) }, where);
  return pageOf(page, total, games.map(summaryView));
}
