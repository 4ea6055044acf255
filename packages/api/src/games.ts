import { z } from 'zod';
import { ClockState, TimeControl } from './clock.ts';
import { Color, CursorPageQuery, Level, Page, PageQuery, Square, withoutControls } from './common.ts';
import { GameRating } from './rating.ts';
import {
  GameMode,
  GameState,
  GameStatus,
  MoveRecord,
  PieceName,
  PromotionPiece,
  SacrificePiece,
} from './state.ts';

export const DrawRequestStatus = z.enum(['pending', 'accepted', 'rejected']);

// ---- Requests ----

export const CreateGameRequest = z.strictObject({
  isComputerGame: z.boolean().default(false),
  humanPlayer: Color.default('white'),
  aiDifficulty: Level.default('medium'),
  /** A start position in SBFEN; the usual one when absent. */
  fen: z.string().trim().min(1).max(200, { error: 'SBFEN is at most 200 characters' }).optional(),
  /** Reads `fen` as ordinary FEN, in which boxes are not allowed. */
  standard: z.boolean().optional(),
  /** Untimed when absent: the spec's default against the computer and at one screen. */
  timeControl: TimeControl.default({ kind: 'untimed' }),
});
export type CreateGameRequest = z.input<typeof CreateGameRequest>;

/** What a client may never send: the server derives all of it from the rules. */
const DERIVED_FIELDS = [
  'gameState',
  'board',
  'status',
  'gameStatus',
  'winner',
  'currentTurn',
  'currentPlayer',
  'moveCount',
  'notation',
  'capturedPiece',
  'isSharedBoxCreated',
  'isSharedBoxAttacked',
];

/** Refuses a derived field with a message that says why, before the strict schema's generic one. */
function intention<T extends z.ZodType>(schema: T) {
  return z.preprocess((body, ctx) => {
    const forged = typeof body === 'object' && body !== null ? DERIVED_FIELDS.filter((k) => k in body) : [];
    if (forged.length) {
      ctx.addIssue({
        code: 'custom',
        message: `The server derives the game state from the rules and never accepts it (${forged.join(', ')}); send an intention instead`,
      });
    }
    return body;
  }, schema);
}

const moveFields = {
  from: Square,
  to: Square,
  /** Which piece of a box of two own pieces moves. */
  piece: PieceName.optional(),
  promotion: PromotionPiece.optional(),
  /** When present, must be the number of the next move: a replay or a stale client gets 409. */
  moveNumber: z.int().min(1).max(100_000).optional(),
  /** When present, must be the side to move: a stale client gets 409. */
  player: Color.optional(),
};
const choiceFields = { sacrifice: SacrificePiece };

export const MoveIntention = intention(z.strictObject(moveFields));
export type MoveIntention = z.infer<typeof MoveIntention>;

/** The defender's choice after an attack on its double box: the piece it gives up. */
export const ChoiceIntention = intention(z.strictObject(choiceFields));
export type ChoiceIntention = z.infer<typeof ChoiceIntention>;

/** The body of `PATCH /api/games/{id}`: one intention, never a state. */
export const GameIntention = intention(
  z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('move'), ...moveFields }),
    z.strictObject({ action: z.literal('choose'), ...choiceFields }),
    z.strictObject({ action: z.literal('promote'), piece: PromotionPiece }),
    z.strictObject({ action: z.literal('undo') }),
    z.strictObject({ action: z.literal('redo') }),
  ]),
);
export type GameIntention = z.infer<typeof GameIntention>;

export const DrawResponseRequest = z.strictObject({ accept: z.boolean() });
export type DrawResponseRequest = z.infer<typeof DrawResponseRequest>;

export const MaintenanceRequest = z.strictObject({
  enabled: z.boolean(),
  /** A paragraph: line breaks and tabs are allowed. */
  message: withoutControls(z.string().trim().max(500), { lines: true }).optional(),
});
export type MaintenanceRequest = z.infer<typeof MaintenanceRequest>;

// ---- Responses ----

export const MaintenanceResponse = z.object({ maintenanceMode: z.boolean(), message: z.string() });
export type MaintenanceResponse = z.infer<typeof MaintenanceResponse>;

export const Setting = z.object({ key: z.string(), value: z.unknown(), updatedAt: z.string() });
export type Setting = z.infer<typeof Setting>;

const PlayerRef = z.object({ username: z.string() }).nullable();

export const GameTimer = z.object({
  /** Seconds each side has spent on its moves so far. */
  white: z.number(),
  black: z.number(),
  /** When the last move was made, in milliseconds since the epoch. */
  lastMoveTime: z.number(),
});

/** @sbc/game's GameState with the server's clock. */
export const ServerGameState = GameState.extend({
  gameTimer: GameTimer,
  /**
   * When the side to move loses by abandonment (ms since the epoch); null once the game is over,
   * and in a timed game, whose clock ends it instead.
   */
  inactivityDeadline: z.number().nullable(),
  /** A timed game's clocks (docs/api.md, "Clocks"); null when untimed. */
  clock: ClockState.nullable(),
});
export type ServerGameState = z.infer<typeof ServerGameState>;

const gameFields = {
  id: z.string(),
  createdAt: z.string(),
  mode: GameMode,
  /** Present for an online game. */
  roomId: z.string().nullable(),
  whitePlayerId: z.string().nullable(),
  blackPlayerId: z.string().nullable(),
  whitePlayer: PlayerRef,
  blackPlayer: PlayerRef,
  moveCount: z.int(),
  status: GameStatus,
  currentTurn: Color,
  winner: Color.nullable(),
  drawRequestStatus: DrawRequestStatus.nullable(),
  drawRequestedBy: z.string().nullable(),
  lastMoveAt: z.string(),
  timeControl: TimeControl,
  /** A rated game changes both players' ratings in its speed when it ends (never when aborted). */
  rated: z.boolean(),
  /** Each signed-in player's rating in the game's speed; null for guests, and in untimed and solo games. */
  ratings: z.object({ white: GameRating.nullable(), black: GameRating.nullable() }),
  /** Increments with every change. */
  version: z.int(),
};

export const GameResponse = z.object({ ...gameFields, gameState: ServerGameState });
export type GameResponse = z.infer<typeof GameResponse>;

/** The answer to an intention: the new game and what the move logic says (a toast), if anything. */
export const GameActionResponse = GameResponse.extend({ message: z.string().nullable() });
export type GameActionResponse = z.infer<typeof GameActionResponse>;

/** A game in a list: its setup instead of the whole state. */
export const GameSummary = z.object({
  ...gameFields,
  gameState: z.object({
    isComputerGame: z.boolean(),
    humanPlayer: Color,
    aiDifficulty: Level,
    /** A `draw` the players agreed, not one by rule (repetition, fifty moves, material). */
    drawByAgreement: z.boolean(),
    /** A draw by time against insufficient material, or claimed against an opponent who left. */
    endDrawReason: z.enum(['timeout-vs-insufficient', 'opponent-left']).nullable(),
  }),
});
export type GameSummary = z.infer<typeof GameSummary>;

/** Games in a page of the player's list unless `pageSize` says otherwise: rows of two or three cards. */
export const GAMES_PAGE_SIZE = 24;

/**
 * `GET /api/games`: a page of the player's games (docs/api.md §5), by number or by cursor, of one
 * `mode` or of all; the server filters, so that every page of a mode is full. `turn=mine`: the
 * online games in play where it is the player's turn, the most urgent first, paged by number.
 */
export const GamesQuery = CursorPageQuery.safeExtend({
  pageSize: PageQuery.shape.pageSize.unwrap().default(GAMES_PAGE_SIZE),
  mode: GameMode.optional(),
  turn: z.literal('mine', { error: "turn must be 'mine'" }).optional(),
}).refine((q) => !(q.turn && (q.after || q.before)), {
  message: 'turn=mine pages by number, not by cursor',
  path: ['turn'],
});
export type GamesQuery = z.infer<typeof GamesQuery>;

export const GamePage = Page(GameSummary);
export type GamePage = z.infer<typeof GamePage>;

export const MoveList = z.array(MoveRecord);

const count = z.int().min(0);
/** docs/api.md §5: won and lost count every decided game (resigned, abandoned, on time); aborted games none. */
export const GameStatistics = z.object({
  computerGames: z.object({
    total: count,
    won: count,
    lost: count,
    drawn: count,
    resigned: count,
    abandoned: count,
  }),
  twoPlayerGames: z.object({
    total: count,
    whiteWon: count,
    blackWon: count,
    drawn: count,
    resigned: count,
    abandoned: count,
  }),
});
export type GameStatistics = z.infer<typeof GameStatistics>;
