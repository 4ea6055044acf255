import { randomInt, randomUUID } from 'node:crypto';
import { type PlayerRating, SEEK_ABSENCE_MS, SEEKS_MAX, type SeekColor, type SeekRequest } from '@sbc/api';
import { formatTimeControl, PRESETS, speedOf, type TimeControl } from '@sbc/game';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { uniqueViolation } from '../accounts/users.ts';
import { insertOnlineGame } from '../games/online.ts';
import { ratingsOf } from '../ratings/store.ts';
import type { Player } from '../rooms/guests.ts';
import { newCode } from '../rooms/service.ts';
import { insertRoom } from '../rooms/store.ts';
import {
  findSeek,
  inRange,
  insertSeek,
  lockPair,
  lockPairingKey,
  lockSeeker,
  lookAround,
  type SeekRow,
  type Wanted,
} from './store.ts';

/** A seek not seen for this long is no candidate: the liveness sweep, once a second, ends it. */
export const UNSEEN_MS = SEEK_ABSENCE_MS - 1000;
/** Transactions begun again when a candidate ended meanwhile or a room code clashed. */
const ATTEMPTS = 10;

export const SEEK_GONE = 'This seek is no longer open';

/** A game the lobby started: its players (the seek's first), and every seek it ended. */
export interface Started {
  gameId: string;
  roomId: string;
  players: [string, string];
  endedSeeks: string[];
}

/** What a seek did: opened (or found open: `twin`), or paired at once. */
export type Placed =
  | { seek: SeekRow; twin: boolean; started: null }
  | { seek: null; twin: false; started: Started };

/** A candidate ended between its reading and its game: the transaction begins again without it. */
class CandidateGone extends Error {}

export const RATED_GUEST_SEEK = 'Only signed-in players can play rated games: sign in to make a rated seek';
export const RANGE_GUEST_SEEK = 'Only signed-in players can choose a rating range: sign in, or leave it out';
export const RATED_GUEST_ACCEPT = 'Only signed-in players can play rated games: sign in to accept this seek';

/** The player's rating in the speed of `timeControl`, as shown; null for a guest. */
async function ratingIn(db: Db, player: Player, timeControl: TimeControl): Promise<PlayerRating | null> {
  if (player.isGuest) return null;
  // A lobby game is never untimed (LobbyTimeControl).
  const speed = speedOf(timeControl) ?? 'correspondence';
  return (await ratingsOf(db, [player.id], speed)).get(player.id) ?? null;
}

/**
 * What the player's seek wants. A pool's game is rated when both are signed in (lichess's quick
 * pairing); a custom seek when asked, by a signed-in player (400 for a guest), and its range is
 * made absolute around the player's rating. Rated and casual custom seeks never pair together.
 */
export async function wantedBy(
  db: Db,
  player: Player,
  request: z.output<typeof SeekRequest>,
): Promise<Wanted> {
  const timeControl = request.kind === 'pool' ? poolTimeControl(request.pool) : request.timeControl;
  const rating = await ratingIn(db, player, timeControl);
  const seeker = { rating: rating?.rating ?? null, ratingProvisional: rating?.provisional ?? null };
  if (request.kind === 'pool') {
    const pairingKey = `pool:${request.pool}`;
    const open = { ratingMin: null, ratingMax: null };
    return {
      kind: 'pool',
      pairingKey,
      timeControl,
      color: 'random',
      rated: !player.isGuest,
      ...seeker,
      ...open,
    };
  }
  const { color, rated, ratingRange } = request;
  if (rated && !rating) throw badRequest(RATED_GUEST_SEEK);
  if (ratingRange && !rating) throw badRequest(RANGE_GUEST_SEEK);
  const pairingKey = `custom:${formatTimeControl(timeControl)}${rated ? ':rated' : ''}`;
  const range =
    ratingRange && rating
      ? { ratingMin: rating.rating - ratingRange.below, ratingMax: rating.rating + ratingRange.above }
      : { ratingMin: null, ratingMax: null };
  return { kind: 'custom', pairingKey, timeControl, color, rated, ...seeker, ...range };
}

/** The preset a pool's name stands for (PoolKey is one of them, as formatTimeControl writes it). */
const poolTimeControl = (pool: string): TimeControl => PRESETS.find((tc) => formatTimeControl(tc) === pool)!;

/** Runs a pairing transaction, again while a candidate ended meanwhile or a new room's code clashed. */
async function attempt<T>(services: Services, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await services.database.db.transaction(work);
    } catch (error) {
      const again = error instanceof CandidateGone || uniqueViolation(error) === 'rooms_open_code';
      if (!again || n === ATTEMPTS) throw error;
    }
  }
}

/**
 * A seek: paired with the oldest compatible seek of its key when there is one, else opened (a
 * second click of the same returns the open one). One transaction: the key's lock, then the
 * players' in sorted order (lockPair); a candidate that ended while they were awaited is found
 * ended by the game's update of the seeks, and the transaction begins again.
 */
export function placeSeek(services: Services, player: Player, wanted: Wanted): Promise<Placed> {
  return attempt(services, async (tx): Promise<Placed> => {
    const now = services.now();
    await lockPairingKey(tx, wanted.pairingKey);
    const { mine, other } = await lookAround(tx, player.id, wanted, new Date(now.getTime() - UNSEEN_MS));
    const twin = mine.find((s) => s.pairingKey === wanted.pairingKey && s.color === wanted.color);
    if (twin) return { seek: twin, twin: true, started: null };
    if (!other) {
      await lockSeeker(tx, player.id);
      // Counted under the player's lock: two seeks of one player in two pools wait for each other.
      const { seek, openBefore } = await insertSeek(tx, player, wanted, now);
      if (openBefore >= SEEKS_MAX) throw tooManySeeks();
      return { seek, twin: false, started: null };
    }
    // Paired at once, the player's own seek is never stored: the answer carries the game.
    return { seek: null, twin: false, started: await startGame(tx, services, other, player, wanted.color) };
  });
}

/** Pairs the player with a listed custom seek, under the same locks as a seek. */
export async function acceptSeek(services: Services, player: Player, seekId: string): Promise<Started> {
  const target = await findSeek(services.database.db, seekId);
  if (target?.kind !== 'custom') throw notFound('Seek not found');
  if (target.playerId === player.id) throw badRequest('You cannot accept your own seek');
  if (target.rated && player.isGuest) throw badRequest(RATED_GUEST_ACCEPT);
  const rating = await ratingIn(services.database.db, player, target.timeControl);
  if (!inRange(target, rating?.rating ?? null)) {
    throw badRequest(
      `This seek takes opponents rated ${target.ratingMin} to ${target.ratingMax}; your rating is ${rating?.rating ?? 'that of a new player'}`,
    );
  }
  return attempt(services, async (tx) => {
    await lockPairingKey(tx, target.pairingKey);
    const still = await findSeek(tx, seekId);
    if (still?.endedAt) throw new HttpError(409, SEEK_GONE, { code: 'seekGone' });
    return startGame(tx, services, target, player, 'random');
  });
}

export const tooManySeeks = () =>
  new HttpError(409, `You already have ${SEEKS_MAX} open seeks. Cancel one before you make another.`, {
    code: 'tooManySeeks',
  });

/**
 * The game of a seek and the player who meets it, as a room's game (presence, spectators, the
 * claims and the rematch work as in any room): the game, then its room (which points at it) with
 * both seated in one statement, the clock's timer, under both players' locks (the key's is held). Maintenance was
 * refused by the route.
 */
async function startGame(
  tx: Db,
  services: Services,
  seek: SeekRow,
  player: Player,
  playerColor: SeekColor,
): Promise<Started> {
  const now = services.now();
  const host: Player = { id: seek.playerId, name: seek.name, isGuest: seek.isGuest };
  // Both players' locks, and their last colours in the same round trip.
  const last = await lockPair(tx, host.id, player.id);
  const hostIsWhite = hostPlaysWhite(seek.color, playerColor, last.hostWasWhite, last.playerWasWhite);
  const [white, black] = hostIsWhite ? [host.id, player.id] : [player.id, host.id];
  const roomId = randomUUID();
  const started = await insertOnlineGame(
    tx,
    {
      roomId,
      white,
      black,
      ownerId: host.isGuest ? null : host.id,
      timeControl: seek.timeControl,
      pairedSeeks: [seek.id],
      playersLocked: true,
      rated: seek.rated,
    },
    now,
  );
  // The seek ended since it was read (its player paired in another pool, a cancel, the liveness
  // sweep): its player no longer wants this game.
  if (!started.endedSeeks.includes(seek.id)) throw new CandidateGone();
  await insertRoom(
    tx,
    {
      id: roomId,
      code: newCode(),
      hostId: host.id,
      hostIsWhite,
      timeControl: seek.timeControl,
      rated: seek.rated,
      status: 'playing',
      gameId: started.id,
      createdAt: now,
    },
    [host, player],
  );
  // Its first-move window (a timer for a game whose insert rolls back finds no game).
  services.clockTimers.arm(started.id, started.deadlineAt);
  return { gameId: started.id, roomId, players: [host.id, player.id], endedSeeks: started.endedSeeks };
}

/**
 * A chosen colour is kept; else each player's last online game decides: the one who alone played
 * white last plays black now (and the one who alone played black, white); else a coin.
 */
function hostPlaysWhite(
  hostColor: SeekColor,
  playerColor: SeekColor,
  host: boolean | null,
  other: boolean | null,
): boolean {
  if (hostColor !== 'random') return hostColor === 'white';
  if (playerColor !== 'random') return playerColor === 'black';
  if (host !== other) {
    if (host === true || other === false) return false;
    if (other === true || host === false) return true;
  }
  return randomInt(2) === 0;
}
