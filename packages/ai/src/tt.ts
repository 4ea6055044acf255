import type { Move } from '@sbc/rules';

export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

/**
 * Transposition table in flat typed arrays, indexed by the low half of the rules package's
 * incremental Zobrist key and verified by the high half. One slot per index, replaced when the
 * new entry is from a newer search or searched at least as deep.
 */
export class TranspositionTable {
  private readonly mask: number;
  private readonly keys: Int32Array;
  private readonly moves: Int32Array;
  private readonly scores: Int16Array;
  private readonly depths: Int8Array;
  /** Bound in the low 2 bits, search generation above. */
  private readonly info: Uint8Array;
  private generation = 0;

  /** Last probe's fields, valid after `probe` returned true. */
  move: Move = 0;
  score = 0;
  depth = 0;
  bound = 0;

  constructor(bits = 20) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keys = new Int32Array(size);
    this.moves = new Int32Array(size);
    this.scores = new Int16Array(size);
    this.depths = new Int8Array(size);
    this.info = new Uint8Array(size);
  }

  /** Starts a new search: older entries become preferred victims. */
  age(): void {
    this.generation = (this.generation + 1) & 63;
  }

  clear(): void {
    this.keys.fill(0);
    this.moves.fill(0);
    this.info.fill(0);
  }

  probe(lo: number, hi: number): boolean {
    const i = lo & this.mask;
    if (this.keys[i] !== hi || this.info[i] === 0) return false;
    this.move = this.moves[i];
    this.score = this.scores[i];
    this.depth = this.depths[i];
    this.bound = this.info[i] & 3;
    return true;
  }

  store(lo: number, hi: number, depth: number, score: number, bound: number, move: Move): void {
    const i = lo & this.mask;
    const same = this.keys[i] === hi;
    if (!same && this.info[i] >> 2 === this.generation && this.depths[i] > depth) return;
    // Keep the old best move when this search found none for the same position.
    if (move !== 0 || !same) this.moves[i] = move;
    this.keys[i] = hi;
    this.scores[i] = score;
    this.depths[i] = depth;
    this.info[i] = (this.generation << 2) | bound;
  }
}
