import { generateLegal, MAX_MOVES, type Move, type Position } from '@sbc/rules';
import { AlphaBeta } from './alphabeta.ts';
import type { EvalConfig } from './evaluate.ts';
import type { SearchInfo, SearchLimits } from './limits.ts';
import { isMateScore, MATE } from './score.ts';
import { INFINITE, MAX_PLY } from './stack.ts';

export type { SearchInfo, SearchLimits } from './limits.ts';
export { isMateScore, MATE, MATE_BOUND } from './score.ts';

export interface RootScore {
  move: Move;
  score: number;
}

export interface SearchResult extends SearchInfo {
  /** The best move, 0 when there is no legal move. */
  move: Move;
  /** Root moves with their scores from the last completed iteration, best first. */
  rootScores: RootScore[];
}

/**
 * Alpha-beta searcher: iterative deepening with aspiration windows over the root moves, the top
 * layer of the layers in `SearchStack`. One instance per engine: it keeps its transposition table
 * and ordering memory between searches.
 */
export class Searcher extends AlphaBeta {
  /**
   * Searches `pos` (left as it was found) for the side to move. `history` holds the hash keys of
   * the game's earlier positions as [lo, hi] pairs, oldest first, for repetition detection.
   */
  search(
    pos: Position,
    history: readonly number[],
    evalConfig: EvalConfig,
    limits: SearchLimits,
  ): SearchResult {
    const deadline = this.startClock(limits);
    this.setRoot(pos, history, evalConfig);

    const rootMoves = new Int32Array(MAX_MOVES);
    const n = generateLegal(pos, rootMoves);
    const result: SearchResult = { move: 0, score: 0, depth: 0, nodes: 0, timeMs: 0, pv: [], rootScores: [] };
    if (n === 0) {
      result.score = pos.pendingSquare < 0 && pos.inCheck() ? -MATE : 0;
      return result;
    }
    const moves = Array.from(rootMoves.subarray(0, n));
    const rootScores = new Int32Array(n);
    result.move = moves[0];
    result.rootScores = moves.map((move) => ({ move, score: 0 }));
    // One legal decision: nothing to think about, unless only a fixed depth was asked for.
    if (n === 1 && (limits.timeMs !== undefined || limits.nodes !== undefined)) {
      result.timeMs = this.elapsed();
      return result;
    }
    if (this.tt.probe(pos.hashLo, pos.hashHi)) {
      const i = moves.indexOf(this.tt.move);
      if (i > 0) moves.unshift(...moves.splice(i, 1));
    }

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    const softTime = limits.softTimeMs ?? limits.timeMs ?? Infinity;
    let previous = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      // The first window is narrow and widens on each failure: 15 cp against 25 measured
      // +31 ± 19 Elo in the variant, −15 ± 29 in standard chess (docs/benchmarks-log.md).
      let delta = 15;
      let alpha = -INFINITE;
      let beta = INFINITE;
      if (depth >= 5 && !limits.exactRoot && !isMateScore(previous)) {
        alpha = previous - delta;
        beta = previous + delta;
      }
      let score: number;
      for (;;) {
        score = this.root(moves, rootScores, depth, alpha, beta, limits.exactRoot === true);
        if (this.stopped) break;
        if (score <= alpha) {
          beta = (alpha + beta) >> 1;
          alpha = Math.max(-INFINITE, score - delta);
        } else if (score >= beta) beta = Math.min(INFINITE, score + delta);
        else break;
        delta *= 2;
      }
      // A cut-short iteration still counts when its first move (last iteration's best) was
      // searched through, or something beat it.
      if (this.stopped && (depth === 1 || !this.rootDone)) break;
      previous = this.rootBest;
      result.move = moves[0];
      result.score = this.rootBest;
      result.depth = depth;
      result.pv = Array.from(this.pvTable.subarray(0, this.pvLength[0]));
      if (!this.stopped) {
        result.rootScores = moves.map((move, i) => ({ move, score: rootScores[i] }));
        result.rootScores.sort((x, y) => y.score - x.score);
      }
      result.nodes = this.nodes;
      result.timeMs = this.elapsed();
      limits.onProgress?.({
        depth,
        score: result.score,
        nodes: this.nodes,
        timeMs: result.timeMs,
        pv: result.pv,
      });
      if (this.stopped) break;
      this.armDeadline(deadline);
      // A forced mate found within the depth searched cannot get better.
      if (isMateScore(this.rootBest) && MATE - Math.abs(this.rootBest) <= depth) break;
      if (this.elapsed() >= softTime) break;
    }
    result.nodes = this.nodes;
    result.timeMs = this.elapsed();
    return result;
  }

  private rootBest = 0;
  /** Whether the root's first move was searched through in the current iteration. */
  private rootDone = false;

  /** One iteration over the root moves; the best is moved to the front. */
  private root(
    moves: Move[],
    rootScores: Int32Array,
    depth: number,
    alpha: number,
    beta: number,
    exact: boolean,
  ): number {
    const pos = this.pos;
    this.keysLo[this.rootIndex] = pos.hashLo;
    this.keysHi[this.rootIndex] = pos.hashHi;
    this.pvLength[0] = 0;
    this.rootDone = false;
    let best = -INFINITE;
    let bestIndex = 0;
    // At a defender choice the same side moves next: no change of sign, no ply of depth used.
    const choice = pos.pendingSquare >= 0;
    const child = (lo: number, hi: number): number =>
      choice ? this.node(depth, lo, hi, 1, true) : -this.node(depth - 1, -hi, -lo, 1, true);
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i];
      this.acc.play(pos, m);
      this.played[0] = choice ? 0 : m;
      let score: number;
      if (exact) score = child(-INFINITE, INFINITE);
      else if (i === 0) score = child(alpha, beta);
      else {
        score = child(alpha, alpha + 1);
        if (score > alpha && score < beta && !this.stopped) score = child(alpha, beta);
      }
      this.acc.undo(pos);
      if (this.stopped) break;
      rootScores[i] = score;
      if (i === 0) this.rootDone = true;
      // A later move counts only when it beats alpha: below it, its score and the first move's
      // are both mere upper bounds (after a fail low), which say nothing of which is better.
      if (i === 0 || score > alpha) {
        best = score;
        bestIndex = i;
        this.updatePv(0, m);
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }
    if (bestIndex > 0) {
      // Something beat the old best: it is certainly better, even in a cut-short iteration.
      moves.unshift(...moves.splice(bestIndex, 1));
      const s = rootScores[bestIndex];
      rootScores.copyWithin(1, 0, bestIndex);
      rootScores[0] = s;
      this.rootDone = true;
    }
    if (best > -INFINITE) this.rootBest = best;
    return best;
  }
}
