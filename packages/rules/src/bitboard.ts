/**
 * Attack sets as square sets (two 32-bit words, see `SQUARE_OF_BIT`), so that a query costs a few
 * word operations instead of a walk over the board. Tables are indexed by a square's bit index
 * `half * 32 + bit` (= `rank * 8 + file`), two words per entry.
 */
import { BISHOP, KNIGHT, ROOK } from './piece.ts';
import { KING_STEPS, KNIGHT_STEPS, SQUARES, type Square } from './square.ts';

/** The bit index of a square: `rank * 8 + file`. */
export const indexOf = (sq: Square): number => ((sq >> 1) & 0x38) | (sq & 7);

/** The set of one square, added to `table` at `entry`. */
function add(table: Int32Array, entry: number, sq: Square): void {
  const i = indexOf(sq);
  table[entry * 2 + (i >> 5)] |= 1 << (i & 31);
}

function leaper(steps: readonly number[]): Int32Array {
  const table = new Int32Array(128);
  for (const from of SQUARES)
    for (const d of steps) if (!((from + d) & 0x88)) add(table, indexOf(from), from + d);
  return table;
}

export const KNIGHT_ATTACKS = leaper(KNIGHT_STEPS);
export const KING_ATTACKS = leaper(KING_STEPS);
/** PAWN_ATTACKS[color * 128 + i * 2 + half]: the squares a pawn of `color` on `i` attacks. */
export const PAWN_ATTACKS = new Int32Array(256);
PAWN_ATTACKS.set(leaper([15, 17]));
PAWN_ATTACKS.set(leaper([-15, -17]), 128);

/**
 * Directions by number: 0 to 3 raise the bit index (the first blocker is the lowest bit), 4 to 7
 * lower it (the highest bit). Rooks use 0, 1, 4, 5, bishops 2, 3, 6, 7.
 */
const DIRECTIONS = [1, 16, 15, 17, -1, -16, -15, -17];
/** RAYS[(dir * 64 + i) * 2 + half]: the squares from `i` along a direction, `i` excluded. */
const RAYS = new Int32Array(8 * 64 * 2);
/** Every square a rook (LINES[i * 2 + half]) or a bishop (LINES[128 + ...]) on `i` could reach. */
const LINES = new Int32Array(256);
for (let dir = 0; dir < 8; dir++) {
  const d = DIRECTIONS[dir];
  for (const from of SQUARES) {
    for (let to = from + d; !(to & 0x88); to += d) {
      add(RAYS, dir * 64 + indexOf(from), to);
      add(LINES, (dir & 2) * 32 + indexOf(from), to);
    }
  }
}
export const ROOK_LINES = LINES.subarray(0, 128);
export const BISHOP_LINES = LINES.subarray(128);

/** The result of the last `attacks`/`sliderAttacks` call: two words, to allocate no pair. */
export const ATTACK = new Int32Array(2);
let lo = 0;
let hi = 0;

/** Adds the ray `dir` from `i` up to and including its first square in `occLo`/`occHi`. */
function ray(dir: number, i: number, occLo: number, occHi: number): void {
  const k = (dir << 7) | (i << 1);
  const rayLo = RAYS[k];
  const rayHi = RAYS[k + 1];
  let blocker: number;
  if (dir < 4) {
    const l = rayLo & occLo;
    const h = rayHi & occHi;
    if (l !== 0) blocker = 31 - Math.clz32(l & -l);
    else if (h !== 0) blocker = 63 - Math.clz32(h & -h);
    else blocker = -1;
  } else {
    const l = rayLo & occLo;
    const h = rayHi & occHi;
    if (h !== 0) blocker = 63 - Math.clz32(h);
    else if (l !== 0) blocker = 31 - Math.clz32(l);
    else blocker = -1;
  }
  if (blocker < 0) {
    lo |= rayLo;
    hi |= rayHi;
  } else {
    // The ray minus the part beyond the blocker.
    const b = (dir << 7) | (blocker << 1);
    lo |= rayLo ^ RAYS[b];
    hi |= rayHi ^ RAYS[b + 1];
  }
}

/** Into ATTACK: the squares a slider on `i` attacks along its lines over the occupancy `occLo`/`occHi`. */
function slider(i: number, occLo: number, occHi: number, orthogonal: boolean, diagonal: boolean): void {
  lo = 0;
  hi = 0;
  if (orthogonal) {
    ray(0, i, occLo, occHi);
    ray(1, i, occLo, occHi);
    ray(4, i, occLo, occHi);
    ray(5, i, occLo, occHi);
  }
  if (diagonal) {
    ray(2, i, occLo, occHi);
    ray(3, i, occLo, occHi);
    ray(6, i, occLo, occHi);
    ray(7, i, occLo, occHi);
  }
  ATTACK[0] = lo;
  ATTACK[1] = hi;
}

export const rookAttacks = (i: number, occLo: number, occHi: number): void =>
  slider(i, occLo, occHi, true, false);
export const bishopAttacks = (i: number, occLo: number, occHi: number): void =>
  slider(i, occLo, occHi, false, true);

/** Into ATTACK: the squares a knight, bishop, rook or queen (`type`) on `i` attacks. */
export function pieceAttacks(type: number, i: number, occLo: number, occHi: number): void {
  if (type === KNIGHT) {
    ATTACK[0] = KNIGHT_ATTACKS[i << 1];
    ATTACK[1] = KNIGHT_ATTACKS[(i << 1) | 1];
  } else slider(i, occLo, occHi, type !== BISHOP, type !== ROOK);
}

/** The number of set bits of a word. */
export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
