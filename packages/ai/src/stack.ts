import { MAX_MOVES, type Move, type Position } from '@sbc/rules';
import { Accumulator } from './accumulator.ts';
import { CorrectionHistory } from './correction.ts';
import { type EvalConfig, evaluate, wasLazy } from './evaluate.ts';
import { SearchClock } from './limits.ts';
import { OrderHeuristics } from './order.ts';
import { MovePicker } from './picker.ts';
import { TranspositionTable } from './tt.ts';

export const INFINITE = 32000;
export const MAX_PLY = 128;
const EVAL_CACHE_MASK = (1 << 16) - 1;
const NO_EVAL = -0x7fffffff;
const OPENING_SALT = 0x2545f491;

/**
 * The searcher is one object built in layers, a file each: the clock (limits.ts), this stack,
 * quiescence (quiesce.ts), the alpha-beta nodes (alphabeta.ts) and the iterations at the root
 * (search.ts). Layers of one class rather than objects of their own: the hot nodes read every
 * field straight off `this`, one hidden class, as when it was one class.
 *
 * This layer is the state of the line being searched, ply by ply: the position and its
 * evaluation's sums, the move lists, the principal variation, the keys for repetitions, and the
 * memory kept between searches (transposition table, ordering, correction, evaluation cache).
 */
export class SearchStack extends SearchClock {
  readonly tt: TranspositionTable;
  protected readonly order = new OrderHeuristics(MAX_PLY);
  protected readonly pickers = Array.from({ length: MAX_PLY }, () => new MovePicker(this.order));
  protected readonly moves = Array.from({ length: MAX_PLY }, () => new Int32Array(MAX_MOVES));
  protected readonly scores = Array.from({ length: MAX_PLY }, () => new Int32Array(MAX_MOVES));
  protected readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  protected readonly pvLength = new Int32Array(MAX_PLY);
  /** The move played at each ply of the line, for counter moves: 0 for a null move or a defender choice. */
  protected readonly played = new Int32Array(MAX_PLY);
  /** Pairs of key and score; see `staticEval`. */
  private readonly evalCache = new Int32Array(2 << 16).fill(NO_EVAL);
  /** Whether the last `staticEval` stopped short (lazily): a bound, not the evaluation. */
  protected evalLazy = false;
  protected readonly correction = new CorrectionHistory();
  protected keysLo = new Int32Array(1024);
  protected keysHi = new Int32Array(1024);
  /** Index in the key stack of the root position. */
  protected rootIndex = 0;
  /** Positions below this index are behind a null move and cannot repeat. */
  protected nullFloor = 0;
  protected pos!: Position;
  /** The evaluation's sums for `pos`, played along with it. */
  protected readonly acc = new Accumulator(MAX_PLY);
  private evalConfig!: EvalConfig;

  constructor(ttBits = 20) {
    super();
    this.tt = new TranspositionTable(ttBits);
  }

  /** Forgets everything learned, as for a new game. */
  clear(): void {
    this.evalCache.fill(NO_EVAL);
    this.tt.clear();
    this.order.clear();
    this.correction.clear();
  }

  /**
   * Sets up a search of `pos`; `history` holds the hash keys of the game's earlier positions as
   * [lo, hi] pairs, oldest first, for repetition detection.
   */
  protected setRoot(pos: Position, history: readonly number[], evalConfig: EvalConfig): void {
    this.pos = pos;
    this.acc.reset(pos);
    if (evalConfig !== this.evalConfig) this.evalCache.fill(NO_EVAL);
    this.evalConfig = evalConfig;
    this.tt.age();
    this.order.killers.fill(0);
    const pairs = history.length >> 1;
    if (this.keysLo.length < pairs + MAX_PLY + 1) {
      this.keysLo = new Int32Array(2 * (pairs + MAX_PLY));
      this.keysHi = new Int32Array(2 * (pairs + MAX_PLY));
    }
    for (let i = 0; i < pairs; i++) {
      this.keysLo[i] = history[2 * i];
      this.keysHi[i] = history[2 * i + 1];
    }
    this.rootIndex = pairs;
    this.nullFloor = 0;
  }

  /**
   * The evaluation through a small cache keyed by the position hash (the opening phase, which
   * depends on the ply, is folded into the key): quiescence meets the same positions often.
   */
  protected staticEval(alpha: number, beta: number): number {
    const pos = this.pos;
    const i = (pos.hashLo & EVAL_CACHE_MASK) << 1;
    const key = pos.hashHi ^ (pos.fullmove < 9 ? OPENING_SALT : 0);
    const cache = this.evalCache;
    this.evalLazy = false;
    if (cache[i] === key && cache[i + 1] !== NO_EVAL) return cache[i + 1];
    const score = evaluate(pos, this.evalConfig, alpha, beta, this.acc);
    this.evalLazy = wasLazy();
    if (!this.evalLazy) {
      cache[i] = key;
      cache[i + 1] = score;
    }
    return score;
  }

  protected updatePv(ply: number, m: Move): void {
    const base = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.pvTable[base + ply] = m;
    const end = this.pvLength[ply + 1];
    for (let i = ply + 1; i < end; i++) this.pvTable[base + i] = this.pvTable[child + i];
    this.pvLength[ply] = Math.max(end, ply + 1);
  }

  /**
   * Whether the position at `ply` is a draw by the fifty-move rule or by repetition: one earlier
   * occurrence inside the search, or two in the game before it (that would be the third).
   */
  protected isDraw(ply: number): boolean {
    const pos = this.pos;
    if (pos.halfmove >= 100) return true;
    const i = this.rootIndex + ply;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    const floor = Math.max(i - pos.halfmove, this.nullFloor);
    let count = 0;
    for (let j = i - 2; j >= floor; j -= 2) {
      if (this.keysLo[j] === lo && this.keysHi[j] === hi) {
        if (j >= this.rootIndex || ++count >= 2) return true;
      }
    }
    return false;
  }
}
