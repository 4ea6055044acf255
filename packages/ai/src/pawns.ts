import { lowestSquare, PAWN, type Position } from '@sbc/rules';
import { WEIGHTS } from './weights.ts';

/** Entries of [key lo, key hi, middlegame score, endgame score]; pawns move rarely, so most hit. */
const CACHE_BITS = 14;
const cache = new Int32Array(4 << CACHE_BITS);

// Scratch for one count (evaluation is never re-entered).
const files = new Int8Array(20);
const squares = new Int16Array(32);

/**
 * Doubled, isolated and passed pawns, white's view, for the pawns whose key (the accumulator's)
 * is `lo`/`hi`; passed pawns count double in the endgame. A pawn in a box is still a pawn on its
 * file. An empty table answers 0 for key 0, which is right: no pawns, no structure.
 */
/** Forgets every cached count (the tuner changes the weights). */
export function clearPawnCache(): void {
  cache.fill(0);
}

export function pawnStructure(pos: Position, lo: number, hi: number, endgame: boolean): number {
  const i = (lo & ((1 << CACHE_BITS) - 1)) << 2;
  if (cache[i] !== lo || cache[i + 1] !== hi) {
    count(pos, i);
    cache[i] = lo;
    cache[i + 1] = hi;
  }
  return cache[endgame ? i + 3 : i + 2];
}

function count(pos: Position, i: number): void {
  let n = 0;
  files.fill(0);
  const o = pos.occupied;
  for (let half = 0; half < 2; half++) {
    for (let w = o[half] | o[2 + half]; w !== 0; w &= w - 1) {
      const sq = lowestSquare(half, w);
      n = addPawn(pos.first[sq], sq, n);
      n = addPawn(pos.second[sq], sq, n);
    }
  }
  const { doubledPawn, isolatedPawn, passedPawn } = WEIGHTS;
  let s = 0;
  let passed = 0;
  for (let k = 0; k < n; k++) {
    const sq = squares[k] & 127;
    const color = squares[k] >> 10;
    const sign = color === 0 ? 1 : -1;
    const file = (sq & 7) + 1;
    const own = color * 10;
    if (files[own + file] > 1) s += doubledPawn * sign;
    if (files[own + file - 1] === 0 && files[own + file + 1] === 0) s += isolatedPawn * sign;
    if (isPassed(sq, color, n)) passed += sign * passedPawn[color === 0 ? sq >> 4 : 7 - (sq >> 4)];
  }
  cache[i + 2] = s + passed;
  cache[i + 3] = s + 2 * passed;
}

/** Records `p` on `sq` when it is a pawn; returns the new count. */
function addPawn(p: number, sq: number, n: number): number {
  if ((p & 7) !== PAWN) return n;
  files[(p >> 3) * 10 + (sq & 7) + 1]++;
  squares[n] = (p << 7) | sq;
  return n + 1;
}

/** Whether no enemy pawn stands ahead of this pawn on its file or the two next to it. */
function isPassed(sq: number, color: number, n: number): boolean {
  const enemy = color === 0 ? 8 | PAWN : PAWN;
  for (let k = 0; k < n; k++) {
    if (squares[k] >> 7 !== enemy) continue;
    const t = squares[k] & 127;
    const df = (t & 7) - (sq & 7);
    if (df < -1 || df > 1) continue;
    if (color === 0 ? t >> 4 > sq >> 4 : t >> 4 < sq >> 4) return false;
  }
  return true;
}
