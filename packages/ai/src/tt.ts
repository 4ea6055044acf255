import type { Move } from '@sbc/rules';
import { MATE_BOUND } from './score.ts';

export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

/**
 * Whether a search's `score` with its `bound` says where the true score lies relative to `value`:
 * exact, or a lower bound above it, or an upper bound below it (0, no bound, says nothing).
 */
export const beyond = (bound: number, score: number, value: number): boolean =>
  bound === BOUND_EXACT || (bound === BOUND_LOWER ? score > value : bound === BOUND_UPPER && score < value);

/** A score as the table keeps it: mates counted from this node rather than from the root. */
export const toTT = (score: number, ply: number): number =>
  score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
export const fromTT = (score: number, ply: number): number =>
  score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;

/** Words per entry: the key's high half, the move, then score, depth and info packed. */
const STRIDE = 3;

/**
 * Transposition table in one flat array, indexed by the low half of the rules package's
 * incremental Zobrist key and verified by the high half. An entry's three words sit side by side,
 * so a probe touches one cache line where separate arrays per field touched five. One slot per
 * index, replaced when the new entry is from a newer search or searched at least as deep.
 */
export class TranspositionTable {
  private readonly mask: number;
  /** Per entry: key, move, then `score << 16 | depth << 8 | info` (info: bound in the low 2 bits, generation above). */
  private readonly entries: Int32Array;
  private generation = 0;

  /** Last probe's fields, valid after `probe` returned true. */
  move: Move = 0;
  score = 0;
  depth = 0;
  bound = 0;

  constructor(bits = 20) {
    this.mask = (1 << bits) - 1;
    this.entries = new Int32Array(STRIDE << bits);
  }

  /** Starts a new search: older entries become preferred victims. */
  age(): void {
    this.generation = (this.generation + 1) & 63;
  }

  clear(): void {
    this.entries.fill(0);
  }

  probe(lo: number, hi: number): boolean {
    const e = this.entries;
    const i = (lo & this.mask) * STRIDE;
    const packed = e[i + 2];
    if (e[i] !== hi || (packed & 255) === 0) return false;
    this.move = e[i + 1];
    this.score = packed >> 16;
    this.depth = (packed << 16) >> 24;
    this.bound = packed & 3;
    return true;
  }

  store(lo: number, hi: number, depth: number, score: number, bound: number, move: Move): void {
    const e = this.entries;
    const i = (lo & this.mask) * STRIDE;
    const old = e[i + 2];
    const same = e[i] === hi;
    if (!same && (old & 255) >> 2 === this.generation && (old << 16) >> 24 > depth) return;
    // Keep the old best move when this search found none for the same position.
    if (move !== 0 || !same) e[i + 1] = move;
    e[i] = hi;
    e[i + 2] = (score << 16) | ((depth & 255) << 8) | (this.generation << 2) | bound;
  }
}
