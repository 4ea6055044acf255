import { ATTACK, PAWN, type Position, pawnAttackSet, popcount2, SQUARE_OF_BIT } from '@sbc/rules';
import { WEIGHTS, weightsOf } from './weights.ts';

/**
 * Entries of [key lo, key hi, middlegame score, endgame score, then each colour's passed pawns as
 * two words]; pawns move rarely, so most hit. The variant's entries in the first half, standard
 * mode's in the second: each mode weighs the pawns with its own weights.
 */
const CACHE_BITS = 14;
const STRIDE = 8;
const cache = new Int32Array(STRIDE << (CACHE_BITS + 1));

/** Forgets every cached count (the tuner changes the weights). */
export function clearPawnCache(): void {
  cache.fill(0);
}

/** The cache entry of the pawns whose key (the accumulator's) is `lo`/`hi`, counted if new. */
function entry(pos: Position, lo: number, hi: number): number {
  const i = ((pos.standard ? 1 << CACHE_BITS : 0) | (lo & ((1 << CACHE_BITS) - 1))) * STRIDE;
  if (cache[i] !== lo || cache[i + 1] !== hi) {
    count(pos, i);
    cache[i] = lo;
    cache[i + 1] = hi;
  }
  return i;
}

/**
 * Doubled, isolated and passed pawns (in standard mode connected and backward ones too), white's
 * view, for the pawns whose key is `lo`/`hi`: the middlegame value, or with `endgame` the endgame
 * one, where passed pawns count double (the evaluation blends the two). A pawn in a box is still
 * a pawn on its file. An empty table answers 0 for key 0, which is right: no pawns, no structure.
 */
export function pawnStructure(pos: Position, lo: number, hi: number, endgame: boolean): number {
  const i = entry(pos, lo, hi);
  return cache[endgame ? i + 3 : i + 2];
}

/** The passed pawns of `color` in word `half` of the position whose pawn key is `lo`/`hi`. */
export const passedPawns = (pos: Position, lo: number, hi: number, color: number, half: number): number =>
  cache[entry(pos, lo, hi) + 4 + 2 * color + half];

/**
 * The kings' part in a race, white's view, endgame only: each passed pawn from its fourth rank on
 * gains as the enemy king stands farther from the square in front of it and its own king nearer
 * (at most five squares counted), more the farther it has come (docs/engine.md §3).
 */
export function passerKings(pos: Position, lo: number, hi: number): number {
  const i = entry(pos, lo, hi);
  const [enemyWeight, ownWeight] = WEIGHTS.chess.passerKings;
  let sum = 0;
  for (let color = 0; color < 2; color++) {
    const sign = color === 0 ? 1 : -1;
    const own = pos.kings[color];
    const enemy = pos.kings[color ^ 1];
    for (let half = 0; half < 2; half++)
      for (let w = cache[i + 4 + 2 * color + half]; w !== 0; w &= w - 1) {
        const bit = (half << 5) | (31 - Math.clz32(w & -w));
        const rank = rankOf(color, bit);
        if (rank < 3) continue;
        const front = SQUARE_OF_BIT[stopOf(color, bit)];
        const race =
          enemyWeight * Math.min(distance(enemy, front), 5) - ownWeight * Math.min(distance(own, front), 5);
        sum += sign * (5 * rank - 13) * race;
      }
  }
  // Truncated once, toward zero, so that colours mirror exactly.
  return (sum / 8) | 0;
}

/** King steps between two squares (0x88). */
const distance = (a: number, b: number): number =>
  Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >> 4) - (b >> 4)));

/** A file's squares in either half (word) of a square set. */
export const FILE = (file: number): number => 0x01010101 << file;
/** NEIGHBOURS[file]: the squares of the files next to it, in either half. */
export const NEIGHBOURS = Int32Array.from(
  { length: 8 },
  (_, f) => (f > 0 ? FILE(f - 1) : 0) | (f < 7 ? FILE(f + 1) : 0),
);
/**
 * AHEAD[(color * 64 + i) * 2 + half]: the squares in front of a pawn of `color` on bit index `i`,
 * on its file and the two next to it: no enemy pawn there, and it is passed.
 */
const AHEAD = new Int32Array(256);
for (let color = 0; color < 2; color++)
  for (let i = 0; i < 64; i++)
    for (let j = 0; j < 64; j++) {
      const ahead = color === 0 ? j >> 3 > i >> 3 : j >> 3 < i >> 3;
      if (ahead && Math.abs((j & 7) - (i & 7)) <= 1)
        AHEAD[(((color << 6) | i) << 1) | (j >> 5)] |= 1 << (j & 31);
    }

/** The squares in word `half` ahead of bit index `bit` as `color` sees it, on its file and the next. */
export const ahead = (color: number, bit: number, half: number): number =>
  AHEAD[(((color << 6) | bit) << 1) | half];

/** The bit index of the square in front of bit index `bit` as `color` sees it (a pawn's stop square). */
export const stopOf = (color: number, bit: number): number => (color === 0 ? bit + 8 : bit - 8);

/** The rank of bit index `bit` from the side of `color` (0 its first rank). */
export const rankOf = (color: number, bit: number): number => (color === 0 ? bit >> 3 : 7 - (bit >> 3));

/**
 * Whether a piece of entry `entry` of `p` stands in front of bit index `bit` as `color` sees it,
 * on its file or the two next to it, within the square set `files` (one word for both halves).
 */
export function anyAhead(p: Int32Array, color: number, bit: number, entry: number, files = -1): boolean {
  return ((ahead(color, bit, 0) & files & p[entry]) | (ahead(color, bit, 1) & files & p[entry | 1])) !== 0;
}

/** Counts the structure of `pos` into cache entry `i`, from its pawn bitboards. */
function count(pos: Position, i: number): void {
  const p = pos.pieces;
  const { doubledPawn, isolatedPawn, passedPawn } = weightsOf(pos);
  let s = 0;
  let passed = 0;
  for (let color = 0; color < 2; color++) {
    // A colour has at most one pawn on a square (a box of two pawns is mixed): its bitboard counts.
    const own = ((color << 3) | PAWN) << 1;
    const enemy = (((color ^ 1) << 3) | PAWN) << 1;
    const lo = p[own];
    const hi = p[own | 1];
    const sign = color === 0 ? 1 : -1;
    cache[i + 4 + 2 * color] = 0;
    cache[i + 5 + 2 * color] = 0;
    for (let half = 0; half < 2; half++)
      for (let w = p[own | half]; w !== 0; w &= w - 1) {
        const bit = (half << 5) | (31 - Math.clz32(w & -w));
        const file = bit & 7;
        if (popcount2(lo & FILE(file), hi & FILE(file)) > 1) s += doubledPawn * sign;
        if (((lo | hi) & NEIGHBOURS[file]) === 0) s += isolatedPawn * sign;
        if (!anyAhead(p, color, bit, enemy)) {
          passed += sign * passedPawn[rankOf(color, bit)];
          cache[i + 4 + 2 * color + half] |= w & -w;
        }
      }
  }
  cache[i + 2] = s + passed;
  cache[i + 3] = s + 2 * passed;
  if (pos.standard) {
    chessPawns(p);
    cache[i + 2] += SHAPE[0];
    cache[i + 3] += SHAPE[1];
  }
}

/** `chessPawns`'s result, white's view: the middlegame value, then the endgame one. */
const SHAPE = new Int32Array(2);

/**
 * Standard mode's connected and backward pawns (docs/engine.md §3) into SHAPE. The variant does
 * without: a pawn beside or behind another may join it in a box.
 */
function chessPawns(p: Int32Array): void {
  const { connectedPawn, supportedPawn, backwardPawn } = WEIGHTS.chess;
  let middle = 0;
  let end = 0;
  for (let color = 0; color < 2; color++) {
    const sign = color === 0 ? 1 : -1;
    const own = ((color << 3) | PAWN) << 1;
    const enemy = (((color ^ 1) << 3) | PAWN) << 1;
    const lo = p[own];
    const hi = p[own | 1];
    pawnAttackSet(color, lo, hi);
    const defendedLo = ATTACK[0];
    const defendedHi = ATTACK[1];
    pawnAttackSet(color ^ 1, p[enemy], p[enemy | 1]);
    const hitLo = ATTACK[0];
    const hitHi = ATTACK[1];
    for (let half = 0; half < 2; half++)
      for (let w = p[own | half]; w !== 0; w &= w - 1) {
        const low = w & -w;
        const bit = (half << 5) | (31 - Math.clz32(low));
        const file = bit & 7;
        const rank = rankOf(color, bit);
        const neighbours = NEIGHBOURS[file];
        // Pawns on one rank share a word: the bits next to this one, on the next files.
        const beside = ((low << 1) | (low >>> 1)) & neighbours;
        const phalanx = ((half === 0 ? lo : hi) & beside) !== 0 ? 1 : 0;
        const defended = ((half === 0 ? defendedLo : defendedHi) & low) !== 0 ? 1 : 0;
        if (phalanx + defended > 0) {
          const opposed = anyAhead(p, color, bit, enemy, FILE(file)) ? 1 : 0;
          const v = ((connectedPawn[rank] * (2 + phalanx - opposed)) >> 1) + supportedPawn * defended;
          middle += sign * v;
          end += sign * ((v * Math.max(rank - 2, 0)) >> 2);
          continue;
        }
        // Behind it, as seen from the other side, then beside it.
        const helpers =
          (((ahead(color ^ 1, bit, 0) | (half === 0 ? beside : 0)) & lo) |
            ((ahead(color ^ 1, bit, 1) | (half === 1 ? beside : 0)) & hi)) &
          neighbours;
        const stop = stopOf(color, bit);
        const stopHit = ((stop < 32 ? hitLo : hitHi) >>> (stop & 31)) & 1;
        // An isolated pawn has no helpers either, and pays for that already.
        if (helpers === 0 && stopHit !== 0 && ((lo | hi) & neighbours) !== 0) {
          middle += sign * backwardPawn[0];
          end += sign * backwardPawn[1];
        }
      }
  }
  SHAPE[0] = middle;
  SHAPE[1] = end;
}
