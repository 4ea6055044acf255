import type { GameSummary, PageCursor } from '@sbc/api';
import { Game, LIVE_STATUSES } from '@sbc/game';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgSelect, type SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { games, moves, roomPlayers, rowCounts, users } from '../../db/schema.ts';
import type { Written } from '../../events/bus.ts';
import type { FoundGame, GameRow, LoadedGame, MoveRow, PlayerNames, StoredRecord } from './types.ts';

const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const whiteUser = alias(users, 'white_user');
const blackUser = alias(users, 'black_user');

// A guest has no user row: their name is the one they sat down with in the game's room.
const whiteGuest = alias(roomPlayers, 'white_guest');
const blackGuest = alias(roomPlayers, 'black_guest');
const seatOf = (guest: typeof whiteGuest | typeof blackGuest, side: 'whitePlayerId' | 'blackPlayerId') =>
  and(eq(guest.roomId, games.roomId), eq(guest.playerId, games[side]), eq(guest.isGuest, true));

/** A game's players' names, as `joinNames` joins them. */
export const playerNames = {
  white: sql<string | null>`coalesce(${whiteUser.username}, ${whiteGuest.name})`,
  black: sql<string | null>`coalesce(${blackUser.username}, ${blackGuest.name})`,
};

/** Joins to a query that reads `games` what its players' names (`playerNames`) come from. */
export function joinNames<T extends PgSelect>(query: T) {
  return query
    .leftJoin(whiteUser, eq(whiteUser.id, games.whitePlayerId))
    .leftJoin(blackUser, eq(blackUser.id, games.blackPlayerId))
    .leftJoin(whiteGuest, seatOf(whiteGuest, 'whitePlayerId'))
    .leftJoin(blackGuest, seatOf(blackGuest, 'blackPlayerId'));
}

/** Games with their players' names. */
export function selectGames<T extends SelectedFieldsFlat | typeof games>(db: Db, game: T) {
  return joinNames(
    db
      .select({ game, ...playerNames })
      .from(games)
      .$dynamic(),
  );
}

/**
 * What a list reads: every column but the record, which holds the moves, and fields of it: a
 * recorded draw is by agreement unless its ending names another reason (the clocks' draws).
 */
const { record, ...columns } = getTableColumns(games);
type Summary = GameSummary['gameState'];
export const summaryColumns = {
  ...columns,
  humanColor: sql<Summary['humanPlayer']>`${record}->>'humanColor'`,
  aiDifficulty: sql<Summary['aiDifficulty']>`${record}->>'aiDifficulty'`,
  drawByAgreement: sql<boolean>`coalesce(${record}->'ending'->>'status' = 'draw' and ${record}->'ending'->>'drawReason' is null, false)`,
  endDrawReason: sql<Summary['endDrawReason']>`${record}->'ending'->>'drawReason'`,
};

/** A game in a list. */
export interface ListedGame {
  row: Omit<GameRow, 'record'> &
    Pick<StoredRecord, 'humanColor' | 'aiDifficulty'> &
    Pick<Summary, 'drawByAgreement' | 'endDrawReason'>;
  names: PlayerNames;
}

/** The owner of a local or computer game is always one of its players, so this is indexed. */
export const playedBy = (userId: string | Placeholder): SQL =>
  or(eq(games.whitePlayerId, userId), eq(games.blackPlayerId, userId))!;

/** The player's games, of one mode or all (GET /api/games). */
export const playerGames = (userId: string, mode?: GameRow['mode']): SQL =>
  and(playedBy(userId), mode && eq(games.mode, mode))!;

/** The player's online games in play in which it is their turn (GET /api/games?turn=mine). */
export const yourTurn = (userId: string): SQL =>
  and(
    eq(games.mode, 'online'),
    inArray(games.status, [...LIVE_STATUSES]),
    or(
      and(eq(games.whitePlayerId, userId), eq(games.currentTurn, 'white')),
      and(eq(games.blackPlayerId, userId), eq(games.currentTurn, 'black')),
    ),
  )!;

/**
 * A page of the games `where` keeps, most urgent first: correspondence games, then by deadline,
 * the soonest first (the untimed, with none, last), then newest first.
 */
export async function pageByDeadline(
  db: Db,
  page: { limit: number; offset: number },
  where: SQL,
): Promise<ListedGame[]> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(where)
    .orderBy(
      sql`${games.timeControl}->>'kind' = 'correspondence' desc`,
      sql`${games.deadlineAt} asc nulls last`,
      desc(games.createdAt),
      desc(games.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return gamesOf(
    db,
    rows.map((r) => r.id),
  );
}

/** The queries of the player's calls: a game with its players' names, and its row alone. */
const gameStatement = preparedOnce((db) =>
  selectGames(db, games)
    .where(eq(games.id, sql.placeholder('id')))
    .limit(1)
    .prepare('game'),
);
const rowStatement = preparedOnce((db) =>
  db
    .select()
    .from(games)
    .where(eq(games.id, sql.placeholder('id')))
    .limit(1)
    .prepare('game_row'),
);

/** Rebuilds the game, re-validating every stored move; a record the rules refuse is corrupt data. */
export function restore(stored: StoredRecord): Game {
  const built = Game.fromRecord(stored);
  if (!built.ok) throw new Error(`Stored game does not replay: ${built.error.message}`);
  if (stored.pendingPromotion) {
    const pending = built.value.move(stored.pendingPromotion);
    if (!pending.ok) throw new Error(`Stored pending promotion is refused: ${pending.error.message}`);
  }
  return built.value;
}

/** The row alone, for calls that need no replay. */
export async function findGameRow(db: Db, id: string): Promise<GameRow | null> {
  if (!GAME_ID.test(id)) return null; // also keeps odd bytes away from the database
  const [row] = await rowStatement(db).execute({ id });
  return row ?? null;
}

/** The row and the players' names, without replaying the game. */
export async function findGame(db: Db, id: string): Promise<FoundGame | null> {
  if (!GAME_ID.test(id)) return null;
  const [found] = await gameStatement(db).execute({ id });
  return found ? { row: found.game, names: { white: found.white, black: found.black } } : null;
}

/** Rebuilds a found game with the rules. */
export function rebuild(found: FoundGame): LoadedGame {
  const stored = found.row.record as StoredRecord;
  return { ...found, stored, game: restore(stored) };
}

/**
 * The game one version on, as another instance's write left it (`written`, from its event): the
 * rules' game plays the texts the change added, a promotion waiting again included, and the row
 * takes the written columns; null when the game cannot follow that way and must be rebuilt.
 */
export function caughtUp(loaded: LoadedGame, { texts, columns, record }: Written): LoadedGame | null {
  const { game } = loaded;
  if (!texts || game.pendingPromotion) return null;
  for (const text of texts) if (!game.playText(text).ok) return null;
  if (record.pendingPromotion && !game.move(record.pendingPromotion).ok) return null;
  const stored: StoredRecord = { ...game.toRecord(), ...record };
  const row: GameRow = {
    ...loaded.row,
    ...columns,
    record: stored,
    version: loaded.row.version + 1,
    // Through Redis the dates come as JSON's text.
    lastMoveAt: new Date(columns.lastMoveAt ?? loaded.row.lastMoveAt),
    updatedAt: new Date(columns.updatedAt ?? loaded.row.updatedAt),
    deadlineAt: columns.deadlineAt ? new Date(columns.deadlineAt) : null,
  };
  return { row, names: loaded.names, stored, game };
}

export async function loadGame(db: Db, id: string): Promise<LoadedGame | null> {
  const found = await findGame(db, id);
  return found && rebuild(found);
}

/**
 * How many games there are: one row that triggers keep exact (db/schema.ts, rowCounts); or how
 * many match `where`, counted on its indexes (a player's games are a few thousand at most).
 */
export async function countGames(db: Db, where?: SQL): Promise<number> {
  if (where) {
    const [row] = await db.select({ rows: count() }).from(games).where(where);
    return row.rows;
  }
  const [row] = await db.select({ rows: rowCounts.rows }).from(rowCounts).where(eq(rowCounts.name, 'games'));
  return Number(row?.rows ?? 0);
}

/**
 * A page of every game, or of those `where` keeps, newest first (the admin's list). The page's ids
 * come first from an index alone ((created_at, id), or the search's), then their rows and names:
 * the rows skipped are never joined. A page in the second half is read from the other end, so that
 * the last page costs what the first does and the middle one the most.
 */
export async function pageGames(
  db: Db,
  page: { limit: number; offset: number },
  total: number,
  where?: SQL,
): Promise<ListedGame[]> {
  const limit = Math.min(page.limit, total - page.offset);
  if (limit <= 0) return [];
  const fromEnd = total - page.offset - limit;
  const ids = (
    fromEnd < page.offset
      ? (
          await db
            .select({ id: games.id })
            .from(games)
            .where(where)
            .orderBy(asc(games.createdAt), asc(games.id))
            .limit(limit)
            .offset(fromEnd)
        ).reverse()
      : await db
          .select({ id: games.id })
          .from(games)
          .where(where)
          .orderBy(desc(games.createdAt), desc(games.id))
          .limit(limit)
          .offset(page.offset)
  ).map((g) => g.id);
  return gamesOf(db, ids);
}

/**
 * A page of every game, or of those `where` keeps, next to a cursor (docs/api.md §4): the `limit`
 * games older than `after`, or newer than `before`, newest first. The keyset condition starts the
 * index scan at the cursor, so every page costs what the first does. Games' times come from the
 * app's clock in milliseconds (services.now()), as the cursor carries them, so the cursor's own row
 * compares equal.
 */
export async function pageGamesNextTo(
  db: Db,
  limit: number,
  cursor: { after: PageCursor } | { before: PageCursor },
  where?: SQL,
): Promise<ListedGame[]> {
  const at = 'after' in cursor ? cursor.after : cursor.before;
  const key = sql`(${games.createdAt}, ${games.id})`;
  const query = db.select({ id: games.id }).from(games).limit(limit);
  const ids = (
    'after' in cursor
      ? await query
          .where(and(where, sql`${key} < (${at.createdAt}, ${at.id})`))
          .orderBy(desc(games.createdAt), desc(games.id))
      : (
          await query
            .where(and(where, sql`${key} > (${at.createdAt}, ${at.id})`))
            .orderBy(asc(games.createdAt), asc(games.id))
        ).reverse()
  ).map((g) => g.id);
  return gamesOf(db, ids);
}

/** Every list's last read, prepared once: its ids are one array parameter, whatever their number. */
const listedStatement = preparedOnce((db) =>
  selectGames(db, summaryColumns)
    .where(sql`${games.id} = any(${sql.placeholder('ids')})`)
    .prepare('listed_games'),
);

/** The games of `ids` with their players' names, in the order of `ids`. */
export async function gamesOf(db: Db, ids: string[]): Promise<ListedGame[]> {
  if (ids.length === 0) return [];
  const found = await listedStatement(db).execute({ ids });
  const at = new Map(ids.map((id, i) => [id, i]));
  found.sort((x, y) => (at.get(x.game.id) as number) - (at.get(y.game.id) as number));
  return found.map(listedGame);
}

/** A game as a list reads it: `summaryColumns` and `playerNames`. */
export const listedGame = (f: {
  game: ListedGame['row'];
  white: string | null;
  black: string | null;
}): ListedGame => ({
  row: f.game,
  names: { white: f.white, black: f.black },
});

export async function insertGame(db: Db, values: typeof games.$inferInsert): Promise<GameRow> {
  const [row] = await db.insert(games).values(values).returning();
  return row;
}

export function listMoves(db: Db, gameId: string): Promise<MoveRow[]> {
  return db.select().from(moves).where(eq(moves.gameId, gameId)).orderBy(moves.moveNumber);
}
