import type { Move } from '@sbc/rules';

/**
 * Nodes between looks at the clock and the stop flag. A warm engine spends microseconds on a
 * node, a cold one (JIT not yet done) or one on a busy machine far more; one clock read per 32
 * nodes keeps the overrun to a few milliseconds even then, for well under 1 % of the time.
 */
const CHECK_EVERY = 32;

export interface SearchLimits {
  /** Deepest iteration to run. */
  depth?: number;
  /** Stop once this many nodes have been searched (checked at every node). */
  nodes?: number;
  /** Hard limit in ms: the search stops within a few milliseconds of it. */
  timeMs?: number;
  /** No new iteration starts after this many ms (defaults to `timeMs`). */
  softTimeMs?: number;
  /** Shared flag: the search stops as soon as element 0 becomes nonzero. */
  stop?: Int32Array;
  /** Search every root move with a full window, so `rootScores` are exact (for the levels' randomness). */
  exactRoot?: boolean;
  onProgress?: (info: SearchInfo) => void;
}

export interface SearchInfo {
  depth: number;
  /** Centipawns from the side to move's view; mates are ±(MATE - plies). */
  score: number;
  nodes: number;
  timeMs: number;
  pv: Move[];
}

/**
 * The bottom layer of the searcher (see `SearchStack`): the node count and when to stop. The
 * nodes count `nodes` up and call `checkLimits` when it reaches `checkAt`, then read `stopped`.
 */
export class SearchClock {
  nodes = 0;
  private nodeLimit = Infinity;
  protected checkAt = 0;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  protected stopped = false;
  private startTime = 0;

  /** Starts the clock for a search; returns the hard deadline, which `armDeadline` sets later. */
  protected startClock(limits: SearchLimits): number {
    this.startTime = performance.now();
    this.nodes = 0;
    this.stopped = false;
    this.nodeLimit = limits.nodes ?? Infinity;
    // The clock does not cut the first iteration short: however busy the machine, the move and
    // its score come from a search (a cut one would answer its first move with a score of 0).
    this.deadline = Infinity;
    this.checkAt = Math.min(CHECK_EVERY, this.nodeLimit);
    this.stopFlag = limits.stop;
    return limits.timeMs === undefined ? Infinity : this.startTime + limits.timeMs;
  }

  protected armDeadline(deadline: number): void {
    this.deadline = deadline;
  }

  /** Milliseconds since `startClock`. */
  protected elapsed(): number {
    return performance.now() - this.startTime;
  }

  protected checkLimits(): void {
    if (this.nodes >= this.nodeLimit) this.stopped = true;
    else if (this.stopFlag && Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true;
    else if (performance.now() >= this.deadline) this.stopped = true;
    this.checkAt = Math.min(this.nodes + CHECK_EVERY, this.nodeLimit);
  }
}
