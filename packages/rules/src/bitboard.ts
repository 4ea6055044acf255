/**
 * Attack sets as square sets (two 32-bit words, see `SQUARE_OF_BIT`), so that a query costs a few
 * word operations instead of a walk over the board. Tables are indexed by a square's bit index
 * `half * 32 + bit` (= `rank * 8 + file`), a square set per entry.
 */
import { BISHOP, KING, KNIGHT, ROOK } from './piece.ts';
import { DIAGONALS, KING_STEPS, KNIGHT_STEPS, ORTHOGONALS, SQUARES, type Square } from './square.ts';

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
 * LINE_ATTACKS[pos << 6 | inner]: the places (bits 0 to 7) a slider on place `pos` of a line of
 * eight reaches when the line's six inner places are occupied as `inner` (bits 1 to 6) shows.
 */
const LINE_ATTACKS = new Uint8Array(8 * 64);
for (let pos = 0; pos < 8; pos++)
  for (let inner = 0; inner < 64; inner++) {
    const occupied = inner << 1;
    let reach = 0;
    for (const d of [-1, 1])
      for (let t = pos + d; t >= 0 && t < 8; t += d) {
        reach |= 1 << t;
        if (occupied & (1 << t)) break;
      }
    LINE_ATTACKS[(pos << 6) | inner] = reach;
  }

/**
 * LINES[i * 8 + 2 * line + half]: the squares of the rank (line 0), the diagonal (1) and the
 * anti-diagonal (2) through `i`. Each holds one square per file, so a word of the two halves ANDed
 * with it, its bytes summed by a multiplication, gives the line's occupancy by file.
 */
const LINES = new Int32Array(64 * 8);
for (const from of SQUARES)
  for (const [line, steps] of [
    [0, [-1, 1]],
    [1, [-17, 17]],
    [2, [-15, 15]],
  ] as const) {
    add(LINES, indexOf(from) * 4 + line, from);
    for (const d of steps)
      for (let to = from + d; !(to & 0x88); to += d) add(LINES, indexOf(from) * 4 + line, to);
  }

/** FILE_A[places * 2 + half]: the squares of file a on the ranks in `places` (bits 0 to 7). */
const FILE_A = new Int32Array(256 * 2);
for (let places = 0; places < 256; places++)
  for (let rank = 0; rank < 8; rank++) if (places & (1 << rank)) add(FILE_A, places, rank << 4);

/**
 * The places a slider on file `file` reaches along line `k` of LINES (a rank or a diagonal), as
 * a set of files repeated in every byte: ANDed with the line's masks, the attacked squares.
 */
function alongFiles(k: number, file: number, occLo: number, occHi: number): number {
  const occ = Math.imul((occLo & LINES[k]) | (occHi & LINES[k + 1]), 0x01010101) >>> 25;
  return Math.imul(LINE_ATTACKS[(file << 6) | (occ & 63)], 0x01010101);
}

/** The result of the last `*Attacks` call: two words, to allocate no pair. */
export const ATTACK = new Int32Array(2);

/** Into ATTACK: the squares a rook on `i` attacks over the occupancy `occLo`/`occHi`. */
export function rookAttacks(i: number, occLo: number, occHi: number): void {
  const k = i << 3;
  const file = i & 7;
  const rank = alongFiles(k, file, occLo, occHi);
  // The file's eight squares, one per byte at bit `file`, gathered into one byte by rank.
  const column = ((occLo >>> file) & 0x01010101) | (((occHi >>> file) & 0x01010101) << 4);
  const occ = Math.imul(column, 0x01020408) >>> 25;
  const places = LINE_ATTACKS[((i >> 3) << 6) | (occ & 63)] << 1;
  ATTACK[0] = (rank & LINES[k]) | (FILE_A[places] << file);
  ATTACK[1] = (rank & LINES[k + 1]) | (FILE_A[places | 1] << file);
}

/** Into ATTACK: the squares a bishop on `i` attacks over the occupancy `occLo`/`occHi`. */
export function bishopAttacks(i: number, occLo: number, occHi: number): void {
  const k = i << 3;
  const file = i & 7;
  const diagonal = alongFiles(k + 2, file, occLo, occHi);
  const anti = alongFiles(k + 4, file, occLo, occHi);
  ATTACK[0] = (diagonal & LINES[k + 2]) | (anti & LINES[k + 4]);
  ATTACK[1] = (diagonal & LINES[k + 3]) | (anti & LINES[k + 5]);
}

/** Every square a rook (ROOK_LINES[i * 2 + half]) or a bishop on `i` reaches on an empty board. */
export const ROOK_LINES = new Int32Array(128);
export const BISHOP_LINES = new Int32Array(128);
for (let i = 0; i < 64; i++) {
  rookAttacks(i, 0, 0);
  ROOK_LINES.set(ATTACK, i * 2);
  bishopAttacks(i, 0, 0);
  BISHOP_LINES.set(ATTACK, i * 2);
}

/**
 * RAYS[(i * 8 + k) * 2 + half]: the squares from `i` along step k of DIAGONALS then ORTHOGONALS,
 * the order in which a walk of the board visits a slider's rays.
 */
export const RAYS = new Int32Array(64 * 8 * 2);
for (const from of SQUARES)
  [...DIAGONALS, ...ORTHOGONALS].forEach((d, k) => {
    for (let to = from + d; !(to & 0x88); to += d) add(RAYS, indexOf(from) * 8 + k, to);
  });

/** Into ATTACK: the squares a knight, bishop, rook, queen or king (`type`) on `i` attacks. */
export function pieceAttacks(type: number, i: number, occLo: number, occHi: number): void {
  if (type === KNIGHT || type === KING) {
    const leaps = type === KNIGHT ? KNIGHT_ATTACKS : KING_ATTACKS;
    ATTACK[0] = leaps[i << 1];
    ATTACK[1] = leaps[(i << 1) | 1];
  } else if (type === BISHOP) bishopAttacks(i, occLo, occHi);
  else if (type === ROOK) rookAttacks(i, occLo, occHi);
  else {
    rookAttacks(i, occLo, occHi);
    const lo = ATTACK[0];
    const hi = ATTACK[1];
    bishopAttacks(i, occLo, occHi);
    ATTACK[0] |= lo;
    ATTACK[1] |= hi;
  }
}

/** The files a and h in either half. */
const EDGE_A = 0x01010101;
const EDGE_H = 0x80808080 | 0;

/**
 * Into ATTACK: every square a pawn of `color` on the set `lo`/`hi` attacks, for all of them at
 * once by shifts of both words (white up a rank, black down, and a file to either side). A pawn of
 * one colour on `t` attacks `s` when a pawn of the other colour on `s` attacks `t`: the same call
 * with the other colour finds the squares from which pawns attack a set.
 */
export function pawnAttackSet(color: number, lo: number, hi: number): void {
  // The pawns with a file to their left (towards file a) and to their right.
  const lLo = lo & ~EDGE_A;
  const lHi = hi & ~EDGE_A;
  const rLo = lo & ~EDGE_H;
  const rHi = hi & ~EDGE_H;
  if (color === 0) {
    // Up a rank and a file left (7 bits) or right (9), across from the low word to the high.
    ATTACK[0] = (lLo << 7) | (rLo << 9);
    ATTACK[1] = (lHi << 7) | (lLo >>> 25) | (rHi << 9) | (rLo >>> 23);
  } else {
    // Down a rank and a file left (9 bits) or right (7), across from the high word to the low.
    ATTACK[0] = (lLo >>> 9) | (lHi << 23) | (rLo >>> 7) | (rHi << 25);
    ATTACK[1] = (lHi >>> 9) | (rHi >>> 7);
  }
}

/** The number of set bits of two words (a square set). */
export function popcount2(lo: number, hi: number): number {
  const a = lo - ((lo >>> 1) & 0x55555555);
  const b = hi - ((hi >>> 1) & 0x55555555);
  // Nibble counts of each word (at most 4), added: at most 8 per nibble, 16 per byte.
  const v = (a & 0x33333333) + ((a >>> 2) & 0x33333333) + (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  return Math.imul((v & 0x0f0f0f0f) + ((v >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
}
