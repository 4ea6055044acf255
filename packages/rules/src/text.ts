import { type Move, moveFrom, moveKind, movePiece, movePromotion, moveTo, SACRIFICE } from './move.ts';
import { colorOf, typeLetter, typeOf } from './piece.ts';
import type { Position } from './position.ts';
import { squareName } from './square.ts';

/**
 * Move text (docs/rules.md, appendix "SBFEN and move text"): UCI's from-square, to-square and
 * promotion letter, with the moving piece's letter first when the from-square holds two pieces of
 * the mover's colour, and `sac=X` for a defender choice. Write it from the position before the
 * move; `@sbc/game` reads it back.
 */
export function moveText(pos: Position, m: Move): string {
  const piece = movePiece(m);
  if (moveKind(m) === SACRIFICE) return `sac=${typeLetter(typeOf(piece))}`;
  const from = moveFrom(m);
  const promotion = movePromotion(m);
  const x = pos.first[from];
  const y = pos.second[from];
  const prefix = y !== 0 && colorOf(x) === colorOf(y) ? typeLetter(typeOf(piece)) : '';
  const suffix = promotion ? typeLetter(promotion).toLowerCase() : '';
  return `${prefix}${squareName(from)}${squareName(moveTo(m))}${suffix}`;
}
