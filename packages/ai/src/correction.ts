import { type Accumulator, T_PAWN_LO } from './accumulator.ts';
import { beyond } from './tt.ts';

/** Entries are kept in 1/256 cp, so that a light weight still moves them. */
const GRAIN = 256;
/**
 * Corrections stay within ±32 cp: an entry is shared by every pawn structure with the same 14 bits
 * of key, so it nudges the evaluation, never overrules it.
 */
const LIMIT = 32 * GRAIN;
const BITS = 14;
const MASK = (1 << BITS) - 1;

/**
 * Correction history (docs/engine.md §2): by side to move and pawn structure, how far the
 * searches' results have lain from the static evaluation, a running average weighted by depth.
 * The pruning that reads the static evaluation reads it corrected by this: a pawn structure the
 * evaluation misjudges is misjudged in the same direction all over the tree.
 */
export class CorrectionHistory {
  private readonly table = new Int32Array(2 << BITS);

  clear(): void {
    this.table.fill(0);
  }

  /** `raw`, the static evaluation of the accumulator's position with `turn` to move, corrected. */
  correct(raw: number, acc: Accumulator, turn: number): number {
    return raw + ((this.table[index(acc, turn)] / GRAIN) | 0);
  }

  /**
   * A search to `depth` found `best` (with `bound`) where the static evaluation said `raw`, and
   * `corrected` after correction. A bound on the wrong side of the corrected evaluation tells
   * nothing of the error, so it is left out.
   */
  update(
    acc: Accumulator,
    turn: number,
    depth: number,
    raw: number,
    corrected: number,
    best: number,
    bound: number,
  ): void {
    if (!beyond(bound, best, corrected)) return;
    const i = index(acc, turn);
    const weight = Math.min(depth + 1, 16);
    const average = ((this.table[i] * (256 - weight) + (best - raw) * GRAIN * weight) / 256) | 0;
    this.table[i] = Math.max(-LIMIT, Math.min(LIMIT, average));
  }
}

const index = (acc: Accumulator, turn: number): number =>
  (turn << BITS) | (acc.terms[acc.at + T_PAWN_LO] & MASK);
