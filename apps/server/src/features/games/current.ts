import type { CurrentGame, LobbyPlayer, Page, PageQuery } from '@sbc/api';
import { type ClockRecord, LIVE_STATUSES, speedOf } from '@sbc/game';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { offsetOf, pageOf, toCount } from '../../common/paging.ts';
import type { Db } from '../../db/connect.ts';
import { featuredRating, games, moves } from '../../db/schema.ts';
import { sbfenOf } from './position.ts';
import { selectGames } from './store.ts';
import type { GameRow } from './types.ts';
import { clockOf } from './view.ts';

/** Online games in play, the only ones anyone may watch: the condition of the `games_live` index. */
const live: SQL = and(eq(games.mode, 'online'), inArray(games.status, [...LIVE_STATUSES]))!;

/**
 * What a current game shows, read from its row without the record, which holds every move: its
 * chess clock, and the whole record only for a game written before the `sbfen` column (replayed).
 */
const columns = {
  id: games.id,
  createdAt: games.createdAt,
  whitePlayerId: games.whitePlayerId,
  blackPlayerId: games.blackPlayerId,
  timeControl: games.timeControl,
  status: games.status,
  currentTurn: games.currentTurn,
  moveCount: games.moveCount,
  spectators: games.spectators,
  rated: games.rated,
  whiteRating: games.whiteRating,
  whiteProvisional: games.whiteProvisional,
  blackRating: games.blackRating,
  blackProvisional: games.blackProvisional,
  sbfen: games.sbfen,
  chessClock: sql<ClockRecord | null>`${games.record}->'chessClock'`,
  record: sql<GameRow['record'] | null>`case when ${games.sbfen} is null then ${games.record} end`,
};

type Row = Awaited<ReturnType<typeof readCurrent>>[number];

/** Live games, newest first (the `games_live` index's order), with their players' names. */
function readCurrent(db: Db, page: { limit: number; offset: number }, order: SQL[]) {
  return selectGames(db, columns)
    .where(live)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/** Each game's last move, from its last move row (the moves' (game, number) index). */
async function lastMoves(db: Db, ids: string[]): Promise<Map<string, CurrentGame['lastMove']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([moves.gameId], { gameId: moves.gameId, from: moves.from, to: moves.to })
    .from(moves)
    .where(inArray(moves.gameId, ids))
    .orderBy(moves.gameId, desc(moves.moveNumber));
  return new Map(rows.map((r) => [r.gameId, { from: r.from, to: r.to }]));
}

/** A player of a current game, with their rating as the game started (none for a guest). */
const playerOf = (
  id: string | null,
  name: string | null,
  rating: number | null,
  provisional: boolean | null,
): LobbyPlayer => ({
  id: id ?? '',
  name: name ?? '',
  isGuest: id?.startsWith('guest-') ?? false,
  rating: rating === null ? null : { rating, provisional: provisional ?? false },
});

function currentView(found: Row, lastMove: CurrentGame['lastMove'], now: number): CurrentGame {
  const { game } = found;
  return {
    id: game.id,
    white: playerOf(game.whitePlayerId, found.white, game.whiteRating, game.whiteProvisional),
    black: playerOf(game.blackPlayerId, found.black, game.blackRating, game.blackProvisional),
    timeControl: game.timeControl,
    speed: speedOf(game.timeControl),
    moveCount: game.moveCount,
    sbfen: sbfenOf({ sbfen: game.sbfen, record: game.record! }),
    lastMove,
    clock: clockOf(game, now),
    spectators: game.spectators,
    rated: game.rated,
    createdAt: game.createdAt.getTime(),
  };
}

async function viewsOf(db: Db, rows: Row[], now: number): Promise<CurrentGame[]> {
  const last = await lastMoves(
    db,
    rows.filter((r) => r.game.moveCount > 0).map((r) => r.game.id),
  );
  return rows.map((r) => currentView(r, last.get(r.game.id) ?? null, now));
}

/** `GET /api/games/live`: a page of the online games in play, newest first. */
export async function currentGames(db: Db, query: PageQuery, now: number): Promise<Page<CurrentGame>> {
  const [rows, [{ total }]] = await Promise.all([
    readCurrent(db, { limit: query.pageSize, offset: offsetOf(query) }, [
      desc(games.createdAt),
      desc(games.id),
    ]),
    db.select({ total: count() }).from(games).where(live),
  ]);
  return pageOf(query, toCount(total), await viewsOf(db, rows, now));
}

/**
 * `GET /api/games/featured`: the live game the most watch, the highest-rated of equals, then the
 * newest; null when none is live. The order is the games_featured index's, read off its end.
 */
export async function featuredGame(db: Db, now: number): Promise<CurrentGame | null> {
  const rows = await readCurrent(db, { limit: 1, offset: 0 }, [
    desc(games.spectators),
    desc(featuredRating(games)),
    desc(games.createdAt),
    desc(games.id),
  ]);
  return (await viewsOf(db, rows, now))[0] ?? null;
}

/** The spectators a room's presence counts in its game, stored when the number changed (one row's UPDATE). */
export async function storeSpectators(db: Db, gameId: string, spectators: number): Promise<void> {
  await db
    .update(games)
    .set({ spectators })
    .where(and(eq(games.id, gameId), ne(games.spectators, spectators)));
}

/** Of these ids, the online games in play: the only ones a thumbnail may follow (games:watch). */
export async function liveOnlineIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(live, inArray(games.id, ids)));
  return rows.map((r) => r.id);
}
