/**
 * Squares are 0x88 indices: `rank * 16 + file`, a1 = 0, h1 = 7, a8 = 0x70. An index with a bit
 * of 0x88 set is off the board, which makes stepping off an edge a single test.
 */

export type Square = number;

export const onBoard = (sq: number): boolean => (sq & 0x88) === 0;
export const fileOf = (sq: Square): number => sq & 7;
export const rankOf = (sq: Square): number => sq >> 4;
export const squareAt = (file: number, rank: number): Square => (rank << 4) | file;

export function squareName(sq: Square): string {
  return String.fromCharCode(97 + fileOf(sq)) + String.fromCharCode(49 + rankOf(sq));
}

/** Parses `a1`..`h8`; returns -1 for anything else. */
export function parseSquare(name: string): Square {
  if (!/^[a-h][1-8]$/.test(name)) return -1;
  return squareAt(name.charCodeAt(0) - 97, name.charCodeAt(1) - 49);
}

/** All 64 squares, a1 first. */
export const SQUARES: readonly Square[] = Array.from({ length: 64 }, (_, i) => squareAt(i & 7, i >> 3));

/**
 * Square sets are two 32-bit words, ranks 1 to 4 and ranks 5 to 8, bit `rank % 4 * 8 + file`.
 * SQUARE_OF_BIT[half * 32 + bit] is the square of a bit; the lowest bit is the lowest square.
 */
export const SQUARE_OF_BIT = Int16Array.from(SQUARES);
/** The half (0 or 1) of a square's bit and the bit within it. */
export const halfOf = (sq: Square): number => sq >> 6;
export const bitOf = (sq: Square): number => 1 << (((sq >> 1) & 0x18) | (sq & 7));
/** The lowest square of a nonzero word of `half`. */
export const lowestSquare = (half: number, word: number): Square =>
  SQUARE_OF_BIT[(half << 5) | (31 - Math.clz32(word & -word))];

export const KNIGHT_STEPS = [-33, -31, -18, -14, 14, 18, 31, 33] as const;
export const KING_STEPS = [-17, -16, -15, -1, 1, 15, 16, 17] as const;
export const DIAGONALS = [-17, -15, 15, 17] as const;
export const ORTHOGONALS = [-16, -1, 1, 16] as const;
