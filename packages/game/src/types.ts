/** The game state as docs/api.md ("The game object") describes it: plain data, ready for JSON. */
import type { ColorName, TypeName } from '@sbc/rules';
import type { Level } from './level.ts';
import type { GameMode } from './mode.ts';
import type { GameDrawReason, GameStatus } from './status.ts';

/** A box of a pawn and a strong piece, of two strong pieces of one colour, or of both colours. */
export const BOX_KINDS = ['pawn', 'double', 'mixed'] as const;
export type BoxKind = (typeof BOX_KINDS)[number];

export interface PieceState {
  type: TypeName;
  color: ColorName;
  hasMoved: boolean;
}

export interface SquareState {
  coordinate: string;
  /** The only piece, or the first of a box (white first, then P, N, B, R, Q). */
  piece: PieceState | null;
  /** The second piece of a box. */
  sharedPiece: PieceState | null;
  isSharedBox: boolean;
}

export interface BoxEntry {
  coordinate: string;
  kind: BoxKind;
  pawn: PieceState | null;
  strongPiece: PieceState;
  /** The other piece of a double or mixed box. */
  sharedPiece: PieceState | null;
  /** Same-colour boxes belong to their colour, a mixed box to the side whose attack made it. */
  player: ColorName;
}

export interface PendingDefenderChoice {
  coordinate: string;
  attackerMove: { from: string; to: string; piece: TypeName };
  defendingSharedBox: { pieces: PieceState[]; options: TypeName[] };
  defender: ColorName;
}

export interface LastMove {
  from: string;
  to: string;
  piece: TypeName;
  capturedPiece: TypeName | null;
  isEnPassant: boolean;
  isCastling: boolean;
  isPromotion: boolean;
  promotedTo: TypeName | null;
}

/** One move of the history: the move record (docs/api.md §5), with the move texts that replay it. */
export interface MoveHistoryEntry {
  moveNumber: number;
  player: ColorName;
  from: string;
  to: string;
  piece: TypeName;
  capturedPiece: TypeName | null;
  promotedTo: TypeName | null;
  sacrificed: TypeName | null;
  isSharedBoxCreated: boolean;
  isSharedBoxAttacked: boolean;
  isCastling: boolean;
  isEnPassant: boolean;
  notation: string;
  /** The move text, and `sac=X` after it once the defender has chosen. */
  texts: string[];
}

export interface GameState {
  /** The position as SBFEN, or null while a defender choice is pending. */
  sbfen: string | null;
  startSbfen: string;
  standard: boolean;
  /** Rank 8 first, file a first. */
  board: SquareState[][];
  currentPlayer: ColorName;
  gameStatus: GameStatus;
  winner: ColorName | null;
  drawReason: GameDrawReason | null;
  statusMessage: string | null;
  kingPositions: Record<ColorName, string>;
  castlingRights: Record<ColorName, { kingside: boolean; queenside: boolean }>;
  enPassantTarget: string | null;
  lastMove: LastMove | null;
  /** The pieces each colour has captured. */
  capturedPieces: Record<ColorName, PieceState[]>;
  sharedBoxes: Record<ColorName, BoxEntry[]>;
  boxCounts: { sameColor: number; mixed: number; total: number; limit: number };
  pendingPromotion: { from: string; to: string } | null;
  pendingDefenderChoice: PendingDefenderChoice | null;
  isComputerGame: boolean;
  mode: GameMode;
  humanPlayer: ColorName;
  aiDifficulty: Level;
  moveCount: number;
  moveHistory: MoveHistoryEntry[];
  canUndo: boolean;
  canRedo: boolean;
  undoDepth: number;
  redoDepth: number;
}
