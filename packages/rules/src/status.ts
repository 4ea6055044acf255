import { generateLegal, MAX_MOVES } from './movegen.ts';
import { BISHOP, type Color, colorOf, KING, KNIGHT, typeOf } from './piece.ts';
import type { Position } from './position.ts';

export const STATUSES = ['active', 'check', 'checkmate', 'stalemate', 'draw'] as const;
export type Status = (typeof STATUSES)[number];
export const DRAW_REASONS = ['threefold', 'fifty-move', 'insufficient-material'] as const;
export type DrawReason = (typeof DRAW_REASONS)[number];

export interface PositionStatus {
  status: Status;
  winner: Color | null;
  drawReason: DrawReason | null;
}

/** Kings and at most one other piece, a knight or a bishop; a box counts as two pieces. */
export function insufficientMaterial(pos: Position): boolean {
  return minorAtMost(pos, null);
}

/**
 * Whether `side` cannot possibly checkmate, by the same count applied to its own pieces: its king
 * and at most one knight or bishop (a flag against such a side is a draw, docs/rules.md §10).
 */
export function cannotMate(pos: Position, side: Color): boolean {
  return minorAtMost(pos, side);
}

/** At most one piece besides the kings, a knight or a bishop: of `side`, or of both when null. */
function minorAtMost(pos: Position, side: Color | null): boolean {
  let others = 0;
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    for (const p of [pos.first[sq], pos.second[sq]]) {
      if (p === 0 || typeOf(p) === KING || (side !== null && colorOf(p) !== side)) continue;
      if (++others > 1 || (typeOf(p) !== KNIGHT && typeOf(p) !== BISHOP)) return false;
    }
  }
  return true;
}

/** Whether the current position has stood for the third time (docs/rules.md §9). */
export function isThreefold(pos: Position): boolean {
  return pos.repetitions() >= 2;
}

/** The status after a complete move, for the side to move, in the order docs/rules.md §9 gives. */
export function positionStatus(pos: Position): PositionStatus {
  const check = pos.inCheck();
  if (generateLegal(pos, new Int32Array(MAX_MOVES)) === 0) {
    return check
      ? { status: 'checkmate', winner: (pos.turn ^ 1) as Color, drawReason: null }
      : { status: 'stalemate', winner: null, drawReason: null };
  }
  const draw = (drawReason: DrawReason): PositionStatus => ({ status: 'draw', winner: null, drawReason });
  if (isThreefold(pos)) return draw('threefold');
  if (pos.halfmove >= 100) return draw('fifty-move');
  if (insufficientMaterial(pos)) return draw('insufficient-material');
  return { status: check ? 'check' : 'active', winner: null, drawReason: null };
}
