import {
  ATTACK_DOUBLE_BOX,
  CASTLE,
  DOUBLE_PUSH,
  EN_PASSANT,
  JOIN,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveTo,
  QUIET,
} from './move.ts';
import { BISHOP, type Color, KING, KNIGHT, PAWN, QUEEN, ROOK } from './piece.ts';
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
export function attacks(pos: Position, piece: number, from: Square, to: Square): boolean {
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
 * Called right after `pos.play(m)`: whether the move checks the side now to move. Cheaper than
 * `inCheck`: only the pieces on the target square can give a direct check and only the emptied
 * source square can uncover one; en passant and castling, which move or empty a second square,
 * and the two steps of a double-box attack take the full test.
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

/**
 * Called before `pos.play(m)`, for a quiet move, double push or join: false only when the move
 * surely gives no check, so that a search can pass over it without playing it. True for every
 * other kind. The mover's attack is read on the board as it stands: a line from its target to the
 * king through its own source square would have it checking already. Conservative: a piece
 * landing on a line its source square opens is taken not to block it.
 */
export function mayGiveCheck(pos: Position, m: Move): boolean {
  const kind = moveKind(m);
  if ((kind !== QUIET && kind !== DOUBLE_PUSH && kind !== JOIN) || movePromotion(m) !== 0) return true;
  const king = pos.kings[pos.turn ^ 1];
  return attacks(pos, movePiece(m), moveTo(m), king) || mayExpose(pos, king, moveFrom(m), pos.turn);
}

/** Steps to the squares from which a knight or a pawn could check a king. */
const CLOSE_STEPS = [...KNIGHT_STEPS, 15, 17, -15, -17];
const LINES = [...DIAGONALS, ...ORTHOGONALS];

/**
 * For the side to move, in check: where the check comes from, packed as
 * `square | (step + 64) << 8`, `step` being the line from the king to a checking slider (0 for a
 * knight or a pawn); -1 when pieces on two squares give check (then only the king can answer).
 */
export function checkLine(pos: Position): number {
  const king = pos.kings[pos.turn];
  const by = (pos.turn ^ 1) as Color;
  const a = pos.first;
  const b = pos.second;
  let line = -1;
  for (let i = 0; i < CLOSE_STEPS.length; i++) {
    const t = king + CLOSE_STEPS[i];
    if (t & 0x88 || a[t] === 0) continue;
    const x = a[t];
    const y = b[t];
    const checks =
      (x >> 3 === by && (x & 7) <= KNIGHT && attacks(pos, x, t, king)) ||
      (y !== 0 && y >> 3 === by && (y & 7) <= KNIGHT && attacks(pos, y, t, king));
    if (!checks) continue;
    if (line >= 0) return -1;
    line = t | (64 << 8);
  }
  for (let i = 0; i < LINES.length; i++) {
    const d = LINES[i];
    if (!sliderBehind(pos, king, d, by)) continue;
    let t = king + d;
    while (a[t] === 0) t += d;
    // A box can check twice from one square (a pawn and a bishop): still one square to answer.
    if (line >= 0 && (line & 0xff) !== t) return -1;
    line = t | ((d + 64) << 8);
  }
  return line;
}

/**
 * A quick necessary condition for a move to answer the check `line` (from `checkLine`): a piece
 * other than the king must land on the checking square or between it and the king. King moves
 * and en passant (whose taken pawn stands elsewhere) always pass. Legality is still to be tested.
 */
export function mayAnswerCheck(pos: Position, m: Move, line: number): boolean {
  const kind = moveKind(m);
  if ((movePiece(m) & 7) === KING || kind === EN_PASSANT) return true;
  if (line < 0) return false;
  const to = moveTo(m);
  const sq = line & 0xff;
  if (to === sq) return true;
  const step = (line >> 8) - 64;
  if (step === 0) return false;
  const king = pos.kings[pos.turn];
  return DIRECTION[to - king + 119] === step && (to - king) / step < (sq - king) / step;
}
