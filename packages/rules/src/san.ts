import {
  CASTLE,
  createsBox,
  isCapture,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveTo,
} from './move.ts';
import { legalMoves } from './movegen.ts';
import { PAWN, typeLetter, typeOf } from './piece.ts';
import type { Position } from './position.ts';
import { fileOf, rankOf, squareName } from './square.ts';
import { positionStatus } from './status.ts';

/**
 * Move notation (docs/rules.md, appendix "notation") without the check suffix: piece letter,
 * disambiguation, `x`, destination, `=Q`, `+SB`. Written from the position before the move.
 */
export function sanBody(pos: Position, m: Move): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  if (moveKind(m) === CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const type = typeOf(movePiece(m));
  const capture = isCapture(m);
  let s = '';
  if (type === PAWN) {
    if (capture) s = squareName(from)[0];
  } else {
    s = typeLetter(type);
    const rivals = legalMoves(pos).filter(
      (o) => moveTo(o) === to && moveFrom(o) !== from && typeOf(movePiece(o)) === type,
    );
    if (rivals.length > 0) {
      const name = squareName(from);
      if (rivals.every((o) => fileOf(moveFrom(o)) !== fileOf(from))) s += name[0];
      else if (rivals.every((o) => rankOf(moveFrom(o)) !== rankOf(from))) s += name[1];
      else s += name;
    }
  }
  if (capture) s += 'x';
  s += squareName(to);
  const promotion = movePromotion(m);
  if (promotion) s += `=${typeLetter(promotion)}`;
  if (createsBox(m)) s += '+SB';
  return s;
}

/** `+` or `#` for the side to move after a complete move, else ''. */
export function checkSuffix(after: Position): string {
  const { status } = positionStatus(after);
  return status === 'checkmate' ? '#' : after.inCheck() ? '+' : '';
}

/**
 * Full notation of a move. After an attack on a double box the check suffix depends on the
 * defender's choice, so it is left off until the game model completes the move.
 */
export function san(pos: Position, m: Move): string {
  const body = sanBody(pos, m);
  pos.play(m);
  const suffix = pos.pendingSquare >= 0 ? '' : checkSuffix(pos);
  pos.undo();
  return body + suffix;
}
