import type { Seek, SeekColor, SeekFate, TimeControl } from '@sbc/api';
import { RATING_START, speedOf } from '@sbc/game';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { games, seeks } from '../../db/schema.ts';
import { playerLock } from '../games/online.ts';
import type { Player } from '../rooms/guests.ts';

export type SeekRow = typeof seeks.$inferSelect;

/** Custom seeks listed at most (the newest). */
export const LISTED_SEEKS_MAX = 200;

export function seekView(row: SeekRow): Seek {
  return {
    id: row.id,
    kind: row.kind,
    player: {
      id: row.playerId,
      name: row.name,
      isGuest: row.isGuest,
      rating:
        row.rating === null ? null : { rating: row.rating, provisional: row.ratingProvisional ?? false },
    },
    timeControl: row.timeControl,
    // A lobby game is never untimed (SeekRequest).
    speed: speedOf(row.timeControl) ?? 'correspondence',
    color: row.color,
    rated: row.rated,
    ratingRange:
      row.ratingMin === null || row.ratingMax === null ? null : { min: row.ratingMin, max: row.ratingMax },
    createdAt: row.createdAt.getTime(),
  };
}

export function seekFate(row: SeekRow): SeekFate {
  return { id: row.id, state: row.endReason ?? 'open', gameId: row.gameId };
}

/** A statement with no table: its select list alone. */
const noTable = sql`(select 1) as one`;
const value = sql.placeholder;

/** Serializes the transactions on one key (a pool, a time control's custom seeks) across instances. */
const keyLock = preparedOnce((db) =>
  db
    .select({ locked: sql`pg_advisory_xact_lock(hashtext('seek:' || ${value('key')}::text))` })
    .from(noTable)
    .prepare('lock_pairing_key'),
);

export async function lockPairingKey(db: Db, pairingKey: string): Promise<void> {
  await keyLock(db).execute({ key: pairingKey });
}

/**
 * The seekers' locks (lockPlayers' order and statement, prepared for the seeks' transactions): one
 * player's before a seek is stored; two, sorted, before their game, with their last colours.
 */
const seekerLock = preparedOnce((db) =>
  db
    .select({ locked: playerLock(value('first')) })
    .from(noTable)
    .prepare('lock_seeker'),
);
const pairLocks = preparedOnce((db) =>
  db
    .select({
      first: playerLock(value('first')),
      second: playerLock(value('second')),
      hostWasWhite: lastWasWhite(value('host')),
      playerWasWhite: lastWasWhite(value('player')),
    })
    .from(noTable)
    .prepare('lock_seekers'),
);

export async function lockSeeker(db: Db, playerId: string): Promise<void> {
  await seekerLock(db).execute({ first: playerId });
}

/** Both players' locks in sorted order (lockPlayers'), and whether each played white last (null: never). */
export async function lockPair(
  db: Db,
  hostId: string,
  playerId: string,
): Promise<{ hostWasWhite: boolean | null; playerWasWhite: boolean | null }> {
  const [first, second] = [hostId, playerId].sort();
  const [row] = await pairLocks(db).execute({
    first,
    second,
    host: hostId,
    player: playerId,
  });
  return row as { hostWasWhite: boolean | null; playerWasWhite: boolean | null };
}

export async function findSeek(db: Db, id: string): Promise<SeekRow | null> {
  const [row] = await db.select().from(seeks).where(eq(seeks.id, id));
  return row ?? null;
}

/**
 * What a seek wants: the key it pairs on, its game's time control, the colour its player plays,
 * whether rated; and its player's rating in its speed (null: a guest) and the opponents' it takes.
 */
export type Wanted = Pick<
  SeekRow,
  'kind' | 'rated' | 'rating' | 'ratingProvisional' | 'ratingMin' | 'ratingMax'
> & {
  pairingKey: string;
  timeControl: TimeControl;
  color: SeekColor;
};

/** A guest counts as a new player in the ranges and in the pools' preference. */
const GUEST_RATING = RATING_START.rating;

/** Whether a seek's range takes a player of `rating` (null: a guest). */
export const inRange = (seek: Pick<SeekRow, 'ratingMin' | 'ratingMax'>, rating: number | null): boolean =>
  seek.ratingMin === null ||
  seek.ratingMax === null ||
  ((rating ?? GUEST_RATING) >= seek.ratingMin && (rating ?? GUEST_RATING) <= seek.ratingMax);

const seekInsert = preparedOnce((db) =>
  db
    .insert(seeks)
    .values({
      playerId: value('playerId'),
      isGuest: value('isGuest'),
      name: value('name'),
      kind: value('kind'),
      pairingKey: value('pairingKey'),
      timeControl: value('timeControl'),
      color: value('color'),
      rated: value('rated'),
      rating: value('rating'),
      ratingProvisional: value('ratingProvisional'),
      ratingMin: value('ratingMin'),
      ratingMax: value('ratingMax'),
      createdAt: value('now'),
      seenAt: value('now'),
    })
    .returning({
      ...getTableColumns(seeks),
      openBefore:
        sql<number>`(select count(*) from ${seeks} where ${seeks.endedAt} is null and ${seeks.playerId} = ${value('playerId')})`.mapWith(
          Number,
        ),
    })
    .prepare('insert_seek'),
);

/**
 * Opens the seek, and counts in the same statement the player's seeks open before it (the
 * statement does not see its own row): the caller, holding the player's lock, rolls back beyond
 * the limit.
 */
export async function insertSeek(
  db: Db,
  player: Player,
  wanted: Wanted,
  now: Date,
): Promise<{ seek: SeekRow; openBefore: number }> {
  const [{ openBefore, ...seek }] = await seekInsert(db).execute({
    playerId: player.id,
    isGuest: player.isGuest,
    name: player.name,
    kind: wanted.kind,
    pairingKey: wanted.pairingKey,
    timeControl: wanted.timeControl,
    color: wanted.color,
    rated: wanted.rated,
    rating: wanted.rating,
    ratingProvisional: wanted.ratingProvisional,
    ratingMin: wanted.ratingMin,
    ratingMax: wanted.ratingMax,
    now,
  });
  return { seek, openBefore };
}

/** The colours a seek of `color` may meet: random meets anything, white meets black. */
const partners = (color: SeekColor): SeekColor[] =>
  color === 'random' ? ['white', 'black', 'random'] : [color === 'white' ? 'black' : 'white', 'random'];

const lookAroundStatement = preparedOnce((db) => {
  const playerId = value('playerId');
  const rating = sql`${value('rating')}::integer`;
  const theirs = sql`coalesce(${seeks.rating}, ${GUEST_RATING})`;
  const mine = db
    .select()
    .from(seeks)
    .where(and(isNull(seeks.endedAt), eq(seeks.playerId, playerId)));
  const candidate = db
    .select()
    .from(seeks)
    .where(
      and(
        isNull(seeks.endedAt),
        eq(seeks.pairingKey, value('pairingKey')),
        ne(seeks.playerId, playerId),
        sql`${seeks.seenAt} >= ${value('seenSince')}`,
        sql`${seeks.color}::text = any(${value('colors')}::text[])`,
        sql`(${seeks.ratingMin} is null or ${rating} between ${seeks.ratingMin} and ${seeks.ratingMax})`,
        sql`(${value('ratingMin')}::integer is null or ${value('ratingMax')}::integer is null
          or ${theirs} between ${value('ratingMin')}::integer and ${value('ratingMax')}::integer)`,
      ),
    )
    .orderBy(
      sql`case when ${value('pool')}::boolean then abs(${theirs} - ${rating}) end`,
      asc(seeks.createdAt),
      asc(seeks.id),
    )
    .limit(1);
  return unionAll(mine, candidate).prepare('look_around');
});

/**
 * In one round trip: the player's open seeks, and the seek a new one pairs with: another player's
 * open seek of the key, of a compatible colour, whose player was seen since `seenSince`, each in
 * the other's rating range. The order of preference is here only: in a pool the closest rating,
 * then the oldest; a custom seek's twin, the oldest.
 */
export async function lookAround(
  db: Db,
  playerId: string,
  wanted: Wanted,
  seenSince: Date,
): Promise<{ mine: SeekRow[]; other: SeekRow | null }> {
  const rows = await lookAroundStatement(db).execute({
    playerId,
    pairingKey: wanted.pairingKey,
    seenSince,
    colors: partners(wanted.color),
    rating: wanted.rating ?? GUEST_RATING,
    ratingMin: wanted.ratingMin,
    ratingMax: wanted.ratingMax,
    pool: wanted.kind === 'pool',
  });
  return {
    mine: rows.filter((row) => row.playerId === playerId),
    other: rows.find((row) => row.playerId !== playerId) ?? null,
  };
}

/** Ends the seek if it is open and the player's: the row as it is now (ended or not), or null when not theirs. */
export async function cancelSeek(db: Db, playerId: string, id: string, now: Date): Promise<SeekRow | null> {
  const [cancelled] = await db
    .update(seeks)
    .set({ endedAt: now, endReason: 'cancelled' })
    .where(and(eq(seeks.id, id), eq(seeks.playerId, playerId), isNull(seeks.endedAt)))
    .returning();
  if (cancelled) return cancelled;
  const row = await findSeek(db, id);
  return row?.playerId === playerId ? row : null;
}

/** Every open seek, the oldest first. */
export function openSeeks(db: Db): Promise<SeekRow[]> {
  return db.select().from(seeks).where(isNull(seeks.endedAt)).orderBy(asc(seeks.createdAt), asc(seeks.id));
}

/** The open custom seeks, the newest first, at most LISTED_SEEKS_MAX. */
export function listedSeeks(db: Db): Promise<SeekRow[]> {
  return db
    .select()
    .from(seeks)
    .where(and(isNull(seeks.endedAt), eq(seeks.kind, 'custom')))
    .orderBy(desc(seeks.createdAt), desc(seeks.id))
    .limit(LISTED_SEEKS_MAX);
}

export function seeksOf(db: Db, playerId: string): Promise<SeekRow[]> {
  return db
    .select()
    .from(seeks)
    .where(and(isNull(seeks.endedAt), eq(seeks.playerId, playerId)))
    .orderBy(desc(seeks.createdAt));
}

/** Open pool seeks by pairing key. */
export async function waitingByKey(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: seeks.pairingKey, waiting: count() })
    .from(seeks)
    .where(and(isNull(seeks.endedAt), eq(seeks.kind, 'pool')))
    .groupBy(seeks.pairingKey);
  return new Map(rows.map((r) => [r.key, r.waiting]));
}

/** Online games in play by time control (on the games_live index), as the time controls' JSON. */
export async function playingByTimeControl(db: Db): Promise<{ timeControl: TimeControl; games: number }[]> {
  return db
    .select({ timeControl: games.timeControl, games: count() })
    .from(games)
    .where(sql`${games.mode} = 'online' and ${games.status} in ('active', 'check')`)
    .groupBy(games.timeControl);
}

/** Marks the open seeks of these players as seen now. */
export async function touchSeeks(db: Db, playerIds: string[], now: Date): Promise<void> {
  await db
    .update(seeks)
    .set({ seenAt: now })
    .where(and(isNull(seeks.endedAt), inArray(seeks.playerId, playerIds)));
}

/** Ends the open seeks not seen since `cutoff` ('gone'); each ends once, whichever instance asks. */
export async function endUnseen(db: Db, cutoff: Date, now: Date): Promise<string[]> {
  const ended = await db
    .update(seeks)
    .set({ endedAt: now, endReason: 'gone' })
    .where(and(isNull(seeks.endedAt), lt(seeks.seenAt, cutoff)))
    .returning({ id: seeks.id });
  return ended.map((s) => s.id);
}

/** Whether the player's last online game had them white (null: no online game yet), as a subquery. */
export const lastWasWhite = (playerId: string | Placeholder): SQL =>
  sql`(select ${games.whitePlayerId} = ${playerId} from ${games}
    where ${games.mode} = 'online' and (${games.whitePlayerId} = ${playerId} or ${games.blackPlayerId} = ${playerId})
    order by ${games.createdAt} desc limit 1)`;
