import { Game, speedOf, type TimeControl } from '@sbc/game';
import { and, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { games, seeks } from '../../db/schema.ts';
import { ratingsOf } from '../ratings/store.ts';
import { derived } from './service.ts';
import { clockAtStart } from './timing.ts';
import type { GameRow, StoredRecord } from './types.ts';

/** Who plays a room's game: users' or guests' ids. */
export interface Seats {
  roomId: string;
  white: string;
  black: string;
  /** The host, when a user: a guest has no user row to point at. */
  ownerId: string | null;
  timeControl: TimeControl;
  /** The lobby's seeks this game pairs (features/lobby): they end 'paired', the players' others 'played'. */
  pairedSeeks?: string[];
  /** The caller already holds both players' locks (lockPlayers), as the lobby's pairing does. */
  playersLocked?: boolean;
  /** Asked for rated (a room's host, a seek): rated only between two users and with a speed. */
  rated?: boolean;
}

const isGuestId = (id: string) => id.startsWith('guest-');

/**
 * Whether the game is rated, and each user's rating in its speed as it starts (shown beside the
 * names, in casual games too); none for a guest, nor in an untimed game.
 */
async function ratingColumns(db: Db, seats: Seats) {
  const speed = speedOf(seats.timeControl);
  const users = [seats.white, seats.black].filter((id) => !isGuestId(id));
  const shown = speed ? await ratingsOf(db, users, speed) : new Map();
  const white = shown.get(seats.white);
  const black = shown.get(seats.black);
  return {
    rated: Boolean(seats.rated && white && black),
    whiteRating: white?.rating ?? null,
    whiteProvisional: white?.provisional ?? null,
    blackRating: black?.rating ?? null,
    blackProvisional: black?.provisional ?? null,
  };
}

/** A player's lock, as every transaction that starts a game or a seek takes it (`id`: a value or a placeholder). */
export const playerLock = (id: string | Placeholder): SQL =>
  sql`pg_advisory_xact_lock(hashtext('seeker:' || ${id}::text))`;

/**
 * Locks players until the transaction ends, in sorted order: whoever starts a game (a room, the
 * lobby) takes the same locks in the same order, so that no two transactions wait on each other.
 * `also`: values read in the same round trip (as the statement began, before any wait), by name.
 */
export async function lockPlayers(
  db: Db,
  ids: string[],
  also: Record<string, SQL> = {},
): Promise<Record<string, unknown>> {
  // One statement, its locks taken left to right: one round trip, not one a player.
  const locks = [...new Set(ids)].sort().map(playerLock);
  const read = Object.entries(also).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
  const { rows } = (await db.execute(sql`select ${sql.join([...locks, ...read], sql`, `)}`)) as {
    rows: Record<string, unknown>[];
  };
  return rows[0];
}

const value = sql.placeholder;

/** A new online game, its columns the placeholders of the same names: the lobby starts many. */
const gameInsert = preparedOnce((db) =>
  db
    .insert(games)
    .values({
      mode: 'online',
      roomId: value('roomId'),
      ownerId: value('ownerId'),
      whitePlayerId: value('whitePlayerId'),
      blackPlayerId: value('blackPlayerId'),
      record: value('record'),
      status: value('status'),
      winner: value('winner'),
      currentTurn: value('currentTurn'),
      moveCount: value('moveCount'),
      sbfen: value('sbfen'),
      createdAt: value('now'),
      updatedAt: value('now'),
      lastMoveAt: value('now'),
      timeControl: value('timeControl'),
      // Null for an untimed game, which the column's encoder (a Date's) would not take.
      deadlineAt: sql`${value('deadlineAt')}::timestamptz`,
      rated: value('rated'),
      whiteRating: value('whiteRating'),
      whiteProvisional: value('whiteProvisional'),
      blackRating: value('blackRating'),
      blackProvisional: value('blackProvisional'),
    })
    .returning()
    .prepare('insert_online_game'),
);

/** The players' open seeks, ended by their game: those it pairs `paired`, the others `played`. */
const seeksEnd = preparedOnce((db) => {
  const paired = sql`${seeks.id} = any(${value('paired')}::text[])`;
  return db
    .update(seeks)
    .set({
      endedAt: sql`${value('now')}::timestamptz`,
      endReason: sql`case when ${paired} then 'paired' else 'played' end`,
      gameId: sql`case when ${paired} then ${value('gameId')}::text end`,
    })
    .where(and(isNull(seeks.endedAt), sql`${seeks.playerId} = any(${value('players')}::text[])`))
    .returning({ id: seeks.id })
    .prepare('end_seeks_of_game');
});

/**
 * Stores a new online game of a room, white to move. Its players' open seeks end with it, under
 * their locks: a player who starts a game is no longer looking for one. Returns the game and the
 * seeks it ended.
 */
export async function insertOnlineGame(
  db: Db,
  seats: Seats,
  now: Date,
): Promise<GameRow & { endedSeeks: string[] }> {
  const created = Game.create({ mode: 'online' });
  if (!created.ok) throw new Error(created.error.message); // the usual start is always valid
  const game = created.value;
  const { record: timing, deadlineAt, timeControl } = clockAtStart(seats.timeControl, now);
  const record: StoredRecord = { ...game.toRecord(), pendingPromotion: null, ...timing };
  if (!seats.playersLocked) await lockPlayers(db, [seats.white, seats.black]);
  const [row] = await gameInsert(db).execute({
    roomId: seats.roomId,
    ownerId: seats.ownerId,
    whitePlayerId: seats.white,
    blackPlayerId: seats.black,
    record,
    ...derived(game),
    now,
    timeControl,
    deadlineAt: deadlineAt ?? null,
    ...(await ratingColumns(db, seats)),
  });
  const ended = await seeksEnd(db).execute({
    now,
    paired: seats.pairedSeeks ?? [],
    gameId: row.id,
    players: [seats.white, seats.black],
  });
  return { ...row, endedSeeks: ended.map((s) => s.id) };
}
