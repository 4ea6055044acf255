import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  CASTLE,
  COLOR_NAMES,
  colorOf,
  createsBox,
  EN_PASSANT,
  isBoxAttack,
  JOIN,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveText,
  moveTo,
  PAWN,
  type PieceType,
  type Position,
  sanBody,
  squareName,
  type TypeName,
  typeName,
  typeOf,
} from '@sbc/rules';
import type { MoveHistoryEntry } from './types.ts';

/** Undo and redo keep at most this many moves. */
export const HISTORY_CAP = 10;

const nameOf = (t: PieceType | 0): TypeName | null => (t ? typeName(t) : null);

/** The type the move takes at once (a double box's loss is known only after the choice). */
function capturedType(pos: Position, m: Move): PieceType | 0 {
  const kind = moveKind(m);
  if (kind === EN_PASSANT || kind === ATTACK_PAWN_BOX) return PAWN;
  if (kind === ATTACK_DOUBLE_BOX || kind === JOIN || kind === CASTLE) return 0;
  const target = pos.first[moveTo(m)];
  return target ? typeOf(target) : 0;
}

/**
 * The history entry of `m`, written from the position before it is played. Its notation lacks the
 * check suffix, which only the position after the move (or after the defender's choice) shows.
 */
export function historyEntry(pos: Position, m: Move, moveNumber: number): MoveHistoryEntry {
  const mover = movePiece(m);
  const kind = moveKind(m);
  return {
    moveNumber,
    player: COLOR_NAMES[colorOf(mover)],
    from: squareName(moveFrom(m)),
    to: squareName(moveTo(m)),
    piece: nameOf(typeOf(mover))!,
    capturedPiece: nameOf(capturedType(pos, m)),
    promotedTo: nameOf(movePromotion(m)),
    sacrificed: null,
    isSharedBoxCreated: createsBox(m),
    isSharedBoxAttacked: isBoxAttack(m),
    isCastling: kind === CASTLE,
    isEnPassant: kind === EN_PASSANT,
    notation: sanBody(pos, m),
    texts: [moveText(pos, m)],
  };
}
