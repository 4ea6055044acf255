/**
 * The game state on the wire: @sbc/game's GameState as a zod schema, built from the game's own
 * constants. A compile-time check below keeps the two from drifting apart.
 */
import {
  BOX_KINDS,
  GAME_DRAW_REASONS,
  GAME_MODES,
  GAME_STATUSES,
  type GameState as GameStateOfGame,
} from '@sbc/game';
import { PIECE_NAMES } from '@sbc/rules';
import { z } from 'zod';
import { Color, Level, Square } from './common.ts';

export const PieceName = z.enum(PIECE_NAMES);
export type PieceName = z.infer<typeof PieceName>;
export const PromotionPiece = PieceName.exclude(['pawn', 'king']);
export type PromotionPiece = z.infer<typeof PromotionPiece>;
/** A king is never in a box, so it is never sacrificed. */
export const SacrificePiece = PieceName.exclude(['king']);

export const GameMode = z.enum(GAME_MODES);
export type GameMode = z.infer<typeof GameMode>;
export const GameStatus = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof GameStatus>;

const count = z.int().min(0);
const byColor = <T extends z.ZodType>(value: T) => z.object({ white: value, black: value });

export const MoveRecord = z.object({
  moveNumber: z.int(),
  player: Color,
  from: Square,
  to: Square,
  piece: PieceName,
  capturedPiece: PieceName.nullable(),
  promotedTo: PieceName.nullable(),
  /** The defender's sacrificed piece when the move attacked a double box. */
  sacrificed: PieceName.nullable(),
  isSharedBoxCreated: z.boolean(),
  isSharedBoxAttacked: z.boolean(),
  notation: z.string(),
});
export type MoveRecord = z.infer<typeof MoveRecord>;

const PieceState = z.object({ type: PieceName, color: Color, hasMoved: z.boolean() });

const BoxEntry = z.object({
  coordinate: Square,
  kind: z.enum(BOX_KINDS),
  pawn: PieceState.nullable(),
  strongPiece: PieceState,
  sharedPiece: PieceState.nullable(),
  player: Color,
});

export const GameState = z.object({
  sbfen: z.string().nullable(),
  startSbfen: z.string(),
  standard: z.boolean(),
  board: z.array(
    z.array(
      z.object({
        coordinate: Square,
        piece: PieceState.nullable(),
        sharedPiece: PieceState.nullable(),
        isSharedBox: z.boolean(),
      }),
    ),
  ),
  currentPlayer: Color,
  gameStatus: GameStatus,
  winner: Color.nullable(),
  drawReason: z.enum(GAME_DRAW_REASONS).nullable(),
  statusMessage: z.string().nullable(),
  kingPositions: byColor(Square),
  castlingRights: byColor(z.object({ kingside: z.boolean(), queenside: z.boolean() })),
  enPassantTarget: Square.nullable(),
  lastMove: z
    .object({
      from: Square,
      to: Square,
      piece: PieceName,
      capturedPiece: PieceName.nullable(),
      isEnPassant: z.boolean(),
      isCastling: z.boolean(),
      isPromotion: z.boolean(),
      promotedTo: PieceName.nullable(),
    })
    .nullable(),
  capturedPieces: byColor(z.array(PieceState)),
  sharedBoxes: byColor(z.array(BoxEntry)),
  boxCounts: z.object({ sameColor: count, mixed: count, total: count, limit: count }),
  pendingPromotion: z.object({ from: Square, to: Square }).nullable(),
  pendingDefenderChoice: z
    .object({
      coordinate: Square,
      attackerMove: z.object({ from: Square, to: Square, piece: PieceName }),
      defendingSharedBox: z.object({ pieces: z.array(PieceState), options: z.array(PieceName) }),
      defender: Color,
    })
    .nullable(),
  isComputerGame: z.boolean(),
  mode: GameMode,
  humanPlayer: Color,
  aiDifficulty: Level,
  moveCount: count,
  moveHistory: z.array(
    MoveRecord.extend({ isCastling: z.boolean(), isEnPassant: z.boolean(), texts: z.array(z.string()) }),
  ),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  undoDepth: count,
  redoDepth: count,
});
export type GameState = z.infer<typeof GameState>;

/** Whether A and B are assignable to each other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile when the schema and @sbc/game's GameState differ in any field.
true satisfies Mutual<GameState, GameStateOfGame>;
