import { BISHOP, KNIGHT, PAWN, PAWN_ATTACKS, type Position, popcount2, QUEEN, ROOK, WHITE } from '@sbc/rules';
import { FILE } from './pawns.ts';
import { WEIGHTS } from './weights.ts';

/** The last `chessTerms` call's result: the middlegame value, then the endgame one (no pair allocated). */
export const CHESS_TERMS = new Int32Array(2);

/**
 * Terms of ordinary chess, white's view, into CHESS_TERMS: the bishop pair, pawns attacking
 * enemy pieces, rooks on open and half-open files, and the side to move's tempo. Standard mode
 * only: they measured +99 ± 22 Elo in standard chess and −25 ± 34 in the variant, where a pawn's
 * attack is not a plain threat among boxes (docs/engine.md §3, docs/benchmarks.md).
 */
export function chessTerms(pos: Position): void {
  const p = pos.pieces;
  const { bishopPair, pawnThreat, rookFile, tempo } = WEIGHTS;
  let middle = 0;
  let end = 0;
  for (let color = 0; color < 2; color++) {
    const sign = color === 0 ? 1 : -1;
    const us = color << 3;
    const them = (color ^ 1) << 3;
    const bishops = (us | BISHOP) << 1;
    if (popcount2(p[bishops], p[bishops | 1]) >= 2) {
      middle += sign * bishopPair[0];
      end += sign * bishopPair[1];
    }
    const own = (us | PAWN) << 1;
    const threats = pawnThreats(p, color, own, them);
    middle += sign * pawnThreat[0] * threats;
    end += sign * pawnThreat[1] * threats;
    // Both halves ORed: a file's squares, rank by rank, fall on the same bits of either word.
    const ownFiles = p[own] | p[own | 1];
    const enemy = (them | PAWN) << 1;
    const enemyFiles = p[enemy] | p[enemy | 1];
    const rooks = (us | ROOK) << 1;
    for (let half = 0; half < 2; half++)
      for (let w = p[rooks | half]; w !== 0; w &= w - 1) {
        const file = FILE((31 - Math.clz32(w & -w)) & 7);
        if ((ownFiles & file) !== 0) continue;
        const k = (enemyFiles & file) === 0 ? 0 : 2;
        middle += sign * rookFile[k];
        end += sign * rookFile[k + 1];
      }
  }
  const edge = pos.turn === WHITE ? tempo : -tempo;
  CHESS_TERMS[0] = middle + edge;
  CHESS_TERMS[1] = end + edge;
}

/** How many enemy knights, bishops, rooks and queens the pawns of `color` attack. */
function pawnThreats(p: Int32Array, color: number, own: number, them: number): number {
  let lo = 0;
  let hi = 0;
  for (let half = 0; half < 2; half++)
    for (let w = p[own | half]; w !== 0; w &= w - 1) {
      const k = (color << 7) | (((half << 5) | (31 - Math.clz32(w & -w))) << 1);
      lo |= PAWN_ATTACKS[k];
      hi |= PAWN_ATTACKS[k | 1];
    }
  let targetLo = 0;
  let targetHi = 0;
  for (let t = KNIGHT; t <= QUEEN; t++) {
    targetLo |= p[(them | t) << 1];
    targetHi |= p[((them | t) << 1) | 1];
  }
  return popcount2(lo & targetLo, hi & targetHi);
}
