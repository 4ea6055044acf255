import {
  ATTACK,
  BISHOP,
  bishopAttacks,
  bitOf,
  CAPTURE,
  DOUBLE_PUSH,
  halfOf,
  indexOf,
  KING,
  KING_ATTACKS,
  KNIGHT,
  KNIGHT_ATTACKS,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveTo,
  PAWN,
  PAWN_ATTACKS,
  type Position,
  QUEEN,
  QUIET,
  ROOK,
  rookAttacks,
} from '@sbc/rules';
import { VALUE } from './pst.ts';

/**
 * Static exchange evaluation in standard mode: whether the exchange that `m` starts on its target
 * square wins at least `threshold` centipawns for the mover, both sides taking back with their
 * cheapest piece, sliders behind joining as the pieces in front leave, and either side free to
 * stop. Pins are not looked at. Castling, en passant and promotions count as an even exchange.
 * Only for positions without boxes: in the variant a recapture may copy, or meet a box.
 */
export function seeAtLeast(pos: Position, m: Move, threshold: number): boolean {
  const kind = moveKind(m);
  if ((kind !== QUIET && kind !== DOUBLE_PUSH && kind !== CAPTURE) || movePromotion(m) !== 0)
    return threshold <= 0;
  const to = moveTo(m);
  // What the mover has won if the exchange stops now, less the threshold: `swap` alternates
  // between the two sides' views as the pieces take in turn.
  let swap = (kind === CAPTURE ? VALUE[pos.first[to] & 7] : 0) - threshold;
  if (swap < 0) return false;
  swap = VALUE[movePiece(m) & 7] - swap;
  if (swap <= 0) return true;

  const p = pos.pieces;
  const o = pos.occupied;
  const from = moveFrom(m);
  let occLo = o[0] | o[2];
  let occHi = o[1] | o[3];
  if (halfOf(from) === 0) occLo &= ~bitOf(from);
  else occHi &= ~bitOf(from);
  const i = indexOf(to);
  const i2 = i << 1;
  const diagLo = either(p, BISHOP, 0) | either(p, QUEEN, 0);
  const diagHi = either(p, BISHOP, 1) | either(p, QUEEN, 1);
  const lineLo = either(p, ROOK, 0) | either(p, QUEEN, 0);
  const lineHi = either(p, ROOK, 1) | either(p, QUEEN, 1);
  // Every piece that attacks the target square over the board as it is.
  let attLo = leapers(p, i2);
  let attHi = leapers(p, i2 | 1);
  bishopAttacks(i, occLo, occHi);
  attLo |= ATTACK[0] & diagLo;
  attHi |= ATTACK[1] & diagHi;
  rookAttacks(i, occLo, occHi);
  attLo |= ATTACK[0] & lineLo;
  attHi |= ATTACK[1] & lineHi;

  let side = pos.turn;
  // 1 while the mover is ahead of the threshold with the exchange stopped where it is.
  let result = 1;
  for (;;) {
    side ^= 1;
    attLo &= occLo;
    attHi &= occHi;
    const ownLo = attLo & o[side << 1];
    const ownHi = attHi & o[(side << 1) | 1];
    if ((ownLo | ownHi) === 0) break;
    result ^= 1;
    let type = PAWN;
    let lo = 0;
    let hi = 0;
    for (; type < KING; type++) {
      const k = ((side << 3) | type) << 1;
      lo = ownLo & p[k];
      hi = ownHi & p[k | 1];
      if ((lo | hi) !== 0) break;
    }
    // Only the king is left to take: it may, unless the square is still guarded.
    if (type === KING) {
      const enemy = side ^ 1;
      return ((attLo & o[enemy << 1]) | (attHi & o[(enemy << 1) | 1])) !== 0 ? result === 0 : result === 1;
    }
    swap = VALUE[type] - swap;
    if (swap < result) break;
    // The cheapest such piece leaves, uncovering any slider behind it.
    if (lo !== 0) occLo ^= lo & -lo;
    else occHi ^= hi & -hi;
    if (type === PAWN || type === BISHOP || type === QUEEN) {
      bishopAttacks(i, occLo, occHi);
      attLo |= ATTACK[0] & diagLo;
      attHi |= ATTACK[1] & diagHi;
    }
    if (type === ROOK || type === QUEEN) {
      rookAttacks(i, occLo, occHi);
      attLo |= ATTACK[0] & lineLo;
      attHi |= ATTACK[1] & lineHi;
    }
  }
  return result === 1;
}

/** The squares of word `half` holding a piece of `type` of either colour. */
const either = (p: Int32Array, type: number, half: number): number =>
  p[(type << 1) | half] | p[((8 | type) << 1) | half];

/** Word `entry & 1` of the pawns, knights and kings of either colour that attack square `entry >> 1`. */
function leapers(p: Int32Array, entry: number): number {
  const half = entry & 1;
  // A white pawn attacks the square from where a black pawn on it would attack, and the reverse.
  return (
    (PAWN_ATTACKS[128 | entry] & p[(PAWN << 1) | half]) |
    (PAWN_ATTACKS[entry] & p[((8 | PAWN) << 1) | half]) |
    (KNIGHT_ATTACKS[entry] & either(p, KNIGHT, half)) |
    (KING_ATTACKS[entry] & either(p, KING, half))
  );
}
