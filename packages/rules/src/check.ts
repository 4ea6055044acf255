import { ATTACK_DOUBLE_BOX, CASTLE, EN_PASSANT, type Move, moveFrom, moveKind, moveTo } from './move.ts';
import { BISHOP, type Color, KNIGHT, PAWN, QUEEN, ROOK } from './piece.ts';
import type { Position } from './position.ts';
import { DIAGONALS, KNIGHT_STEPS, ORTHOGONALS, type Square } from './square.ts';

/** DIRECTION[to - from + 119] is the step from one square toward the other along a line, or 0. */
export const DIRECTION = new Int8Array(240);
for (const d of [...DIAGONALS, ...ORTHOGONALS]) for (let k = 1; k < 8; k++) DIRECTION[d * k + 119] = d;

/**
 * REACH[(to - from + 119) * 16 + piece]: whether `piece` on `from` attacks `to` on an empty board
 * (the squares between still have to be empty for a slider).
 */
const REACH = new Uint8Array(240 * 16);
for (let color = 0; color < 2; color++) {
  const c = color << 3;
  const mark = (delta: number, type: number): void => {
    REACH[(delta + 119) * 16 + (c | type)] = 1;
  };
  for (const d of color === 0 ? [15, 17] : [-15, -17]) mark(d, PAWN);
  for (const d of KNIGHT_STEPS) mark(d, KNIGHT);
  for (let k = 1; k < 8; k++) {
    for (const d of DIAGONALS) mark(d * k, BISHOP);
    for (const d of ORTHOGONALS) mark(d * k, ROOK);
    for (const d of [...DIAGONALS, ...ORTHOGONALS]) mark(d * k, QUEEN);
  }
}

/** Whether `piece` standing on `from` attacks `to` on this board. */
function attacks(pos: Position, piece: number, from: Square, to: Square): boolean {
  if (REACH[(to - from + 119) * 16 + piece] === 0) return false;
  const type = piece & 7;
  if (type === PAWN || type === KNIGHT) return true;
  const d = DIRECTION[to - from + 119];
  for (let t = from + d; t !== to; t += d) if (pos.first[t] !== 0) return false;
  return true;
}

/**
 * The first piece met from `sq` along step `d`: whether it is a slider of colour `by` moving
 * along that line (either piece of a box counts).
 */
export function sliderBehind(pos: Position, sq: Square, d: number, by: Color): boolean {
  const a = pos.first;
  for (let t = sq + d; !(t & 0x88); t += d) {
    const x = a[t];
    if (x === 0) continue;
    const line = (by << 3) | (d === 1 || d === -1 || d === 16 || d === -16 ? ROOK : BISHOP);
    const queen = (by << 3) | QUEEN;
    const y = pos.second[t];
    return x === line || x === queen || y === line || y === queen;
  }
  return false;
}

/**
 * Whether emptying `from` could open a line from a slider of colour `by` to `king`: nothing
 * stands between them and the first piece beyond `from` is such a slider.
 */
export function mayExpose(pos: Position, king: Square, from: Square, by: Color): boolean {
  const d = DIRECTION[from - king + 119];
  if (d === 0) return false;
  const a = pos.first;
  for (let t = king + d; t !== from; t += d) if (a[t] !== 0) return false;
  return sliderBehind(pos, from, d, by);
}

/**
 * Called right after `pos.play(m)`: whether the move checks the side now to move. Cheaper than `inCheck`: only the pieces on the target square can
 * give a direct check and only the emptied source square can uncover one; en passant and
 * castling, which move or empty a second square, and the steps of a box attack take the full test.
 */
export function givesCheck(pos: Position, m: Move): boolean {
  const kind = moveKind(m);
  if (kind === EN_PASSANT || kind === CASTLE || kind >= ATTACK_DOUBLE_BOX) return pos.inCheck();
  const king = pos.kings[pos.turn];
  const by = (pos.turn ^ 1) as Color;
  const to = moveTo(m);
  const x = pos.first[to];
  const y = pos.second[to];
  if (x >> 3 === by && attacks(pos, x, to, king)) return true;
  if (y !== 0 && y >> 3 === by && attacks(pos, y, to, king)) return true;
  const from = moveFrom(m);
  // Leaving a box empties nothing: its other piece still blocks the line.
  if (pos.first[from] !== 0) return false;
  const d = DIRECTION[from - king + 119];
  return d !== 0 && sliderBehind(pos, king, d, by);
}
