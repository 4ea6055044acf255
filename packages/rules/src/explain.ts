import { DIRECTION } from './check.ts';
import { type RuleError, ruleError } from './errors.ts';
import { CASTLE, moveFrom, moveKind, moveTo } from './move.ts';
import { generatePseudo, MAX_MOVES } from './movegen.ts';
import { BISHOP, colorOf, isStrong, KING, KNIGHT, PAWN, type Piece, pieceOf, ROOK, typeOf } from './piece.ts';
import { BOX_LIMIT, FORWARD, type Position } from './position.ts';
import { KING_STEPS, KNIGHT_STEPS, rankOf, type Square } from './square.ts';

/** Whether `p` on `from` could reach `to` by its movement alone, the path before `to` clear. */
function reaches(pos: Position, from: Square, to: Square, p: Piece): boolean {
  const diff = to - from;
  const type = typeOf(p);
  if (type === KNIGHT) return KNIGHT_STEPS.includes(diff as never);
  if (type === KING) return KING_STEPS.includes(diff as never);
  if (type === PAWN) {
    const fwd = FORWARD[colorOf(p)];
    const start = colorOf(p) === 0 ? 1 : 6;
    return (
      diff === fwd ||
      diff === fwd - 1 ||
      diff === fwd + 1 ||
      (diff === 2 * fwd && rankOf(from) === start && pos.first[from + fwd] === 0)
    );
  }
  const d = DIRECTION[diff + 119];
  if (d === 0) return false;
  const diagonal = d === 15 || d === -15 || d === 17 || d === -17;
  if ((type === ROOK && diagonal) || (type === BISHOP && !diagonal)) return false;
  for (let t = from + d; t !== to; t += d) if (pos.first[t] !== 0) return false;
  return true;
}

/**
 * Why moving from `from` to `to` (with the piece of type `type`, when given) is not a legal move,
 * as a refusal of `RULE_ERRORS` (errors.ts; every code is listed in docs/architecture.md §4).
 */
export function explainIllegal(pos: Position, from: Square, to: Square, type?: number): RuleError {
  if (pos.pendingSquare >= 0) return ruleError('choicePending');
  const us = pos.turn;
  const own = [pos.first[from], pos.second[from]].filter(
    (p) => p !== 0 && colorOf(p) === us && (!type || typeOf(p) === type),
  );
  if (own.length === 0) return ruleError('noPiece');
  const target = pos.first[to];
  const partner = pos.second[to];
  for (const p of own) {
    if (!reaches(pos, from, to, p)) continue;
    if (partner !== 0) {
      if (colorOf(target) === us || colorOf(partner) === us) return ruleError('ownBox');
      return ruleError('squareHasBox');
    }
    if (target !== 0 && colorOf(target) === us) {
      if (!isStrong(p) || target !== pieceOf(us, PAWN) || pos.standard) continue;
      if (rankOf(to) === (us === 0 ? 1 : 6)) continue;
      if (pos.second[from] !== 0) return ruleError('boxedPieceCannotCreate');
      if (pos.boxes >= BOX_LIMIT) return ruleError('boxLimit');
    }
  }
  const pseudo = new Int32Array(MAX_MOVES);
  const n = generatePseudo(pos, pseudo);
  for (let i = 0; i < n; i++) {
    const m = pseudo[i];
    // Castling out of or through check is simply not a move.
    if (moveFrom(m) === from && moveTo(m) === to && moveKind(m) !== CASTLE) return ruleError('kingInCheck');
  }
  return ruleError('invalidMove');
}
