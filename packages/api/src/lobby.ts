/**
 * The lobby (docs/api.md, "Lobby"): quick pairing in one pool per preset, custom seeks listed for
 * anyone to accept, and the live games to watch.
 */
import { formatTimeControl, PRESETS, SPEEDS } from '@sbc/game';
import { z } from 'zod';
import { ClockState, TimeControl } from './clock.ts';
import { Color, Square } from './common.ts';
import { PlayerRating, RatingRange } from './rating.ts';
import { GuestName } from './rooms.ts';

/** Seeks one player may hold open at once. */
export const SEEKS_MAX = 3;
/** A seek whose player has had no open socket for this long ends. */
export const SEEK_ABSENCE_MS = 10_000;

export const Speed = z.enum(SPEEDS);
export type Speed = z.infer<typeof Speed>;

/** A pool's name: its preset as lichess writes it ('3+2'). */
export const PoolKey = z.enum(PRESETS.map(formatTimeControl) as [string, ...string[]]);
export type PoolKey = z.infer<typeof PoolKey>;

export const SeekColor = z.enum(['white', 'black', 'random']);
export type SeekColor = z.infer<typeof SeekColor>;

/** Lobby games are on a clock or by correspondence: an untimed game waits for no one. */
const LobbyTimeControl = TimeControl.refine((tc) => tc.kind !== 'untimed', 'A lobby game has a time control');

// ---- Requests ----

/**
 * `POST /api/guest`: a visitor becomes a guest named so (the rooms' signed cookie), before a seek:
 * the page's socket then reconnects as that guest, so the game's start reaches it.
 */
export const GuestRequest = z.strictObject({ displayName: GuestName });
export type GuestRequest = z.input<typeof GuestRequest>;
export const GUEST_NAME_FOR_LOBBY = 'Please enter your name to play as a guest';

/**
 * `POST /api/lobby/seeks` (a user or a guest): a tile's click (a pool: random colours, paired with
 * the pool's next player) or a custom seek (listed until someone accepts it, or its twin is made).
 * `POST /api/lobby/seeks/{id}/accept` takes no body. A pool's game is rated when both players are
 * signed in, as lichess's quick pairing is; a custom seek is rated when asked (signed-in players
 * only, a guest's is refused) and may take only opponents in a rating range.
 */
export const SeekRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pool'), pool: PoolKey }),
  z.strictObject({
    kind: z.literal('custom'),
    timeControl: LobbyTimeControl,
    color: SeekColor.default('random'),
    rated: z.boolean().default(false),
    /** Signed-in players only; null or absent: anyone. */
    ratingRange: RatingRange.nullish(),
  }),
]);
export type SeekRequest = z.input<typeof SeekRequest>;

// ---- Responses ----

export const LobbyPlayer = z.object({
  /** A user's id, or a guest's (`guest-…`). */
  id: z.string(),
  name: z.string(),
  isGuest: z.boolean(),
  /** The player's rating in the game's or the seek's speed; null for a guest. */
  rating: PlayerRating.nullable(),
});
export type LobbyPlayer = z.infer<typeof LobbyPlayer>;

export const Seek = z.object({
  id: z.string(),
  kind: z.enum(['pool', 'custom']),
  player: LobbyPlayer,
  timeControl: TimeControl,
  speed: Speed,
  /** The colour the seeker plays. */
  color: SeekColor,
  rated: z.boolean(),
  /** Absolute bounds of the opponents' rating it accepts (custom seeks); null: anyone. */
  ratingRange: z.object({ min: z.int(), max: z.int() }).nullable(),
  /** ms since the epoch. */
  createdAt: z.number(),
});
export type Seek = z.infer<typeof Seek>;

/** The answer to a seek or an accept: the game when it paired at once, else the seek now open. */
export const SeekResponse = z.object({ seek: Seek.nullable(), gameId: z.string().nullable() });
export type SeekResponse = z.infer<typeof SeekResponse>;

/**
 * `GET /api/lobby/seeks/{id}` (its player only): what became of a seek, for a page that was away
 * when its game started (a reconnection), since a socket message may be lost.
 */
export const SeekFate = z.object({
  id: z.string(),
  state: z.enum(['open', 'cancelled', 'paired', 'gone', 'played']),
  /** The game it was paired into. */
  gameId: z.string().nullable(),
});
export type SeekFate = z.infer<typeof SeekFate>;

/** A pool's tile: how many wait in it, and how many play a game of its time control. */
export const PoolCount = z.object({
  pool: PoolKey,
  speed: Speed,
  waiting: z.int().min(0),
  /** Players (two a game) in online games in play of this time control. */
  playing: z.int().min(0),
});
export type PoolCount = z.infer<typeof PoolCount>;

/** `GET /api/lobby` and the socket's `lobby:state`: the tiles, the open custom seeks (newest first, at most 200), the caller's own seeks. */
export const LobbyState = z.object({
  pools: z.array(PoolCount),
  seeks: z.array(Seek),
  mine: z.array(Seek),
});
export type LobbyState = z.infer<typeof LobbyState>;

/** A live online game as the current games and the featured game show it. */
export const CurrentGame = z.object({
  id: z.string(),
  white: LobbyPlayer,
  black: LobbyPlayer,
  timeControl: TimeControl,
  speed: Speed.nullable(),
  moveCount: z.int().min(0),
  /** The position now. */
  sbfen: z.string(),
  lastMove: z.object({ from: Square, to: Square }).nullable(),
  clock: ClockState.nullable(),
  spectators: z.int().min(0),
  rated: z.boolean(),
  /** ms since the epoch. */
  createdAt: z.number(),
});
export type CurrentGame = z.infer<typeof CurrentGame>;

/**
 * `GET /api/games/featured`: the live game with the most spectators, the highest-rated of equals
 * (the higher of its two players' ratings), then the newest; or none.
 */
export const FeaturedGameResponse = z.object({ game: CurrentGame.nullable() });
export type FeaturedGameResponse = z.infer<typeof FeaturedGameResponse>;

/** What a thumbnail follows of a game (the socket's `game:fen`): its position after each change. */
export const GameThumb = z.object({
  gameId: z.string(),
  sbfen: z.string(),
  lastMove: z.object({ from: Square, to: Square }).nullable(),
  moveCount: z.int().min(0),
  /** Whose turn it is. */
  turn: Color,
  /** Over once the game ends: the thumbnail then stops following it. */
  over: z.boolean(),
  clock: ClockState.nullable(),
});
export type GameThumb = z.infer<typeof GameThumb>;
