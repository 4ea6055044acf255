import type { Piece, PieceType } from './piece.ts';
import type { Square } from './square.ts';

/**
 * A move is one integer: from (7 bits), to (7), the moving piece (4), the promotion type (3) and
 * its kind (4). Carrying the piece makes every move unambiguous, even out of a box.
 * A defender choice is a move too (kind SACRIFICE, from = to = the box, piece = the sacrificed one).
 */
export type Move = number;

export const QUIET = 0;
export const DOUBLE_PUSH = 1;
export const CAPTURE = 2;
export const EN_PASSANT = 3;
export const CASTLE = 4;
/** A strong piece joins its own pawn (docs/rules.md §2). */
export const JOIN = 5;
/** A strong piece captures a lone strong piece and copies it (docs/rules.md §2). */
export const COPY = 6;
/** A capture onto an enemy pawn box (docs/rules.md §5). */
export const ATTACK_PAWN_BOX = 7;
/** A capture onto an enemy double box; the defender chooses next (docs/rules.md §5). */
export const ATTACK_DOUBLE_BOX = 8;
export const SACRIFICE = 9;
/** Passing the turn, which only a search does (`Position.playNull`); no real move is 0. */
export const NULL_MOVE = 0;
export type MoveKind = number;

export const encodeMove = (
  from: Square,
  to: Square,
  piece: Piece,
  kind: MoveKind,
  promotion: PieceType | 0 = 0,
): Move => from | (to << 7) | (piece << 14) | (promotion << 18) | (kind << 21);

export const moveFrom = (m: Move): Square => m & 0x7f;
export const moveTo = (m: Move): Square => (m >> 7) & 0x7f;
export const movePiece = (m: Move): Piece => (m >> 14) & 0xf;
export const movePromotion = (m: Move): PieceType | 0 => ((m >> 18) & 7) as PieceType | 0;
export const moveKind = (m: Move): MoveKind => (m >> 21) & 0xf;

/** Whether the move takes an enemy piece (a box attack and en passant included). */
export const isCapture = (m: Move): boolean => {
  const k = moveKind(m);
  return k === CAPTURE || k === EN_PASSANT || k === COPY || k === ATTACK_PAWN_BOX || k === ATTACK_DOUBLE_BOX;
};

/** Whether the move creates a box (`+SB`): joining or capture-and-copy, never an attack. */
export const createsBox = (m: Move): boolean => {
  const k = moveKind(m);
  return k === JOIN || k === COPY;
};

export const isBoxAttack = (m: Move): boolean => {
  const k = moveKind(m);
  return k === ATTACK_PAWN_BOX || k === ATTACK_DOUBLE_BOX;
};
