/**
 * The real-time protocol at /ws (docs/api.md §7): one JSON object per frame, told apart by `type`.
 * A frame the server cannot read as a ClientMessage is answered with `error` and changes nothing.
 */
import { z } from 'zod';
import { ClockState } from './clock.ts';
import { Color, Square } from './common.ts';
import { GameResponse } from './games.ts';
import { GameThumb, LobbyState, PoolCount, Seek, SeekRequest, SeekResponse } from './lobby.ts';
import { GuestName, Room, RoomCode, RoomPlayer } from './rooms.ts';
import { GameStatus, PieceName, PromotionPiece, SacrificePiece } from './state.ts';

/** The largest frame the server reads; a bigger one closes the socket (1009). */
export const FRAME_LIMIT = 4096;

/**
 * The close of a signed-in user's socket whose session has ended (logout, block, a new password):
 * the page then goes to sign in, as after a 401, instead of reconnecting.
 */
export const SESSION_ENDED = { code: 1008, reason: 'Session ended' } as const;

const GameId = z.uuid({ error: 'must be a game id' });
/** The game's version the client holds: a change meant for another version is refused. */
const Version = z.int().min(0);
const game = { gameId: GameId };
/** Thumbnails one socket follows at most: a page of current games. */
export const THUMBS_MAX = 50;

// ---- Client to server ----

export const ClientMessage = z.discriminatedUnion('type', [
  /** Enter a room's lobby (a seat is taken with POST /api/rooms/join, or here when one is free). */
  z.strictObject({ type: z.literal('room:join'), code: RoomCode, displayName: GuestName }),
  z.strictObject({ type: z.literal('room:leave') }),
  z.strictObject({
    type: z.literal('game:move'),
    ...game,
    from: Square,
    to: Square,
    piece: PieceName.optional(),
    promotion: PromotionPiece.optional(),
    version: Version,
  }),
  z.strictObject({ type: z.literal('game:choose'), ...game, sacrifice: SacrificePiece, version: Version }),
  z.strictObject({ type: z.literal('game:promote'), ...game, piece: PromotionPiece, version: Version }),
  z.strictObject({ type: z.literal('game:resign'), ...game }),
  z.strictObject({ type: z.literal('game:draw_request'), ...game }),
  z.strictObject({ type: z.literal('game:draw_respond'), ...game, accept: z.boolean() }),
  /** Asks for the game as it is now (answered with game:state), e.g. after a missed version. */
  z.strictObject({ type: z.literal('game:sync'), ...game, version: Version }),
  /** Follows a game: its players as players, anyone else as a spectator (read-only). */
  z.strictObject({ type: z.literal('game:watch'), ...game }),
  /**
   * The opponent of a timed game has had no socket for OPPONENT_LEFT_MS: the player ends the game,
   * as a win or a draw (answered like any change, with game:timeout).
   */
  z.strictObject({ type: z.literal('game:claim'), ...game, result: z.enum(['win', 'draw']) }),
  /** After a room's game ends: a new game in the same room, colours swapped. */
  z.strictObject({ type: z.literal('game:rematch_offer'), ...game }),
  z.strictObject({ type: z.literal('game:rematch_respond'), ...game, accept: z.boolean() }),
  /** Follows the lobby: answered with lobby:state, then its changes (a visitor's socket too). */
  z.strictObject({ type: z.literal('lobby:watch') }),
  /**
   * A seek over the socket, as POST /api/lobby/seeks (a user or a guest): answered with
   * lobby:seek_answer, or with error as the call's refusals.
   */
  z.strictObject({ type: z.literal('lobby:seek'), seek: SeekRequest }),
  /**
   * Follows these games' positions for thumbnails (the current games, the featured game): each
   * change comes as a small game:fen. It replaces the list sent before; an empty list stops.
   */
  z.strictObject({ type: z.literal('games:watch'), gameIds: z.array(GameId).max(THUMBS_MAX) }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- Server to client ----

/** An event that changed a game carries its new version and the game as it now is. */
const changed = { ...game, version: Version, state: GameResponse };

/** The clocks after a move, as ClockState without the growing `plies`: `ply` is the one it added. */
export const MoveClock = ClockState.omit({ plies: true }).extend({
  /** The mover's time left after this move (appended to `plies`), or null when the turn did not pass. */
  ply: z.number().nullable(),
});
export type MoveClock = z.infer<typeof MoveClock>;

/**
 * A move or a defender's choice, as every socket of the game gets it (docs/api.md §7): what the
 * decision changed, a few hundred bytes whatever the game's length. The client plays `text` on its
 * own copy of the game (packages/api/src/follow.ts), derives the rest with the rules, and checks the
 * position against `digest`; on a gap in versions or a mismatch it asks for the game (game:sync).
 */
export const MoveFrame = z.object({
  type: z.literal('game:move'),
  ...game,
  version: Version,
  /** The decision as move text (docs/rules.md, appendix): `e2e4`, `Qd3d4`, `e7e8q`, `sac=N`. */
  text: z.string(),
  /** The position after it (positionDigest: its Zobrist key, 16 hex digits). */
  digest: z.string(),
  /** When the server took it (ms since the epoch): the game's lastMoveAt. */
  at: z.number(),
  /** Whole seconds each side has spent on its decisions (the game state's gameTimer). */
  spent: z.object({ white: z.int(), black: z.int() }),
  /** A timed game's clocks after it; absent when untimed. */
  clock: MoveClock.optional(),
  /** An untimed game's inactivity deadline (ms since the epoch); absent when timed. */
  inactivityDeadline: z.number().optional(),
  /** Present when the move ended the game: the result, the rating changes, the draw offer cleared. */
  end: z
    .object({
      status: GameStatus,
      winner: Color.nullable(),
      ratings: GameResponse.shape.ratings,
      drawRequestStatus: GameResponse.shape.drawRequestStatus,
      drawRequestedBy: z.string().nullable(),
    })
    .optional(),
});
export type MoveFrame = z.infer<typeof MoveFrame>;

export const ServerMessage = z.discriminatedUnion('type', [
  /** The answer to room:join. */
  z.object({ type: z.literal('room:state'), room: Room }),
  /** The room changed: colour, host, players and their connections, status, the current game. */
  z.object({ type: z.literal('room:update'), room: Room }),
  z.object({ type: z.literal('room:player_joined'), player: RoomPlayer, room: Room }),
  z.object({ type: z.literal('room:player_left'), playerName: z.string(), room: Room }),
  /** A game starts: in the room (to its sockets), or from the lobby (to both players' sockets). */
  z.object({ type: z.literal('game:start'), gameId: GameId, roomId: z.string() }),
  /** The answer to lobby:watch. */
  z.object({ type: z.literal('lobby:state'), ...LobbyState.shape }),
  /** A custom seek opened (pool seeks are counted in lobby:pools, not listed). */
  z.object({ type: z.literal('lobby:seek'), seek: Seek }),
  /** The answer to the client's lobby:seek: the seek now open, or the game it paired into at once. */
  z.object({ type: z.literal('lobby:seek_answer'), ...SeekResponse.shape }),
  /** A seek ended: cancelled, paired or its player gone. Sent for the player's own pool seeks too. */
  z.object({ type: z.literal('lobby:unseek'), seekId: z.string() }),
  /** The tiles' counts changed (sent at most once a second). */
  z.object({ type: z.literal('lobby:pools'), pools: z.array(PoolCount) }),
  /** A followed thumbnail's game changed (games:watch). */
  z.object({ type: z.literal('game:fen'), ...GameThumb.shape }),
  /** A move, or a defender's choice: what changed, never the whole game (MoveFrame). */
  MoveFrame,
  /** The answer to game:sync and game:watch, and a change that is no move (a waiting promotion). */
  z.object({ type: z.literal('game:state'), ...changed }),
  /**
   * The game ended by time or absence: inactivity (untimed), a flag, an abort before both sides
   * moved, or a claim against an opponent who left. `inactivePlayerId`: who timed out or left.
   */
  z.object({
    type: z.literal('game:timeout'),
    ...changed,
    winnerId: z.string().nullable(),
    inactivePlayerId: z.string().nullable(),
  }),
  z.object({ type: z.literal('game:draw_requested'), ...changed, requestedBy: z.string() }),
  z.object({ type: z.literal('game:draw_accepted'), ...changed }),
  z.object({ type: z.literal('game:draw_rejected'), ...changed }),
  z.object({
    type: z.literal('game:resigned'),
    ...changed,
    resignedBy: z.string(),
    winnerId: z.string().nullable(),
  }),
  z.object({ type: z.literal('game:spectators'), ...game, count: z.int().min(0) }),
  z.object({ type: z.literal('game:rematch_offered'), ...game, offeredBy: z.string() }),
  z.object({ type: z.literal('game:rematch_declined'), ...game, declinedBy: z.string() }),
  /**
   * Maintenance switched on or off (POST /api/admin/maintenance), sent to every open socket on every
   * instance: a page's banner follows it at once.
   */
  z.object({ type: z.literal('maintenance'), maintenanceMode: z.boolean(), message: z.string() }),
  /** A refused message; `code` for the refusals a client acts on (docs/api.md §7). */
  z.object({ type: z.literal('error'), message: z.string(), code: z.string().optional() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
