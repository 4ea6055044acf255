import {
  checkLine,
  generateCaptures,
  generateLegal,
  generatePseudo,
  givesCheck,
  isCapture,
  isLegalMove,
  MAX_MOVES,
  type Move,
  mayAnswerCheck,
  mayGiveCheck,
  movePromotion,
  type Position,
  sacrificeOptions,
} from '@sbc/rules';
import { Accumulator } from './accumulator.ts';
import { CorrectionHistory } from './correction.ts';
import { type EvalConfig, evaluate, wasLazy } from './evaluate.ts';
import { captureGain, losingCapture, OrderHeuristics, pickNext } from './order.ts';
import { MovePicker } from './picker.ts';
import { isMateScore, MATE, MATE_BOUND } from './score.ts';
import { seeAtLeast } from './see.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, beyond, TranspositionTable } from './tt.ts';

export { isMateScore, MATE, MATE_BOUND } from './score.ts';

export const INFINITE = 32000;
const MAX_PLY = 128;
/**
 * Nodes between looks at the clock and the stop flag. A warm engine spends microseconds on a
 * node, a cold one (JIT not yet done) or one on a busy machine far more; one clock read per 32
 * nodes keeps the overrun to a few milliseconds even then, for well under 1 % of the time.
 */
const CHECK_EVERY = 32;
const EVAL_CACHE_MASK = (1 << 16) - 1;
const NO_EVAL = -0x7fffffff;
const OPENING_SALT = 0x2545f491;

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

/** A score as the table keeps it: mates counted from this node rather than from the root. */
const toTT = (score: number, ply: number): number =>
  score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
const fromTT = (score: number, ply: number): number =>
  score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;

/** LMR_TABLE[depth * 64 + moveNumber]: plies to reduce a late quiet move. */
const LMR_TABLE = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++)
  for (let n = 1; n < 64; n++) LMR_TABLE[d * 64 + n] = Math.floor(0.75 + (Math.log(d) * Math.log(n)) / 2.25);

/**
 * Alpha-beta searcher. One instance per engine: it keeps its transposition table and ordering
 * memory between searches. A position waiting for a defender choice is a node of the defender,
 * who picks the sacrifice that is best for it; the same side then moves on, so that step keeps
 * the score's sign.
 */
export class Searcher {
  readonly tt: TranspositionTable;
  private readonly order = new OrderHeuristics(MAX_PLY);
  private readonly pickers = Array.from({ length: MAX_PLY }, () => new MovePicker(this.order));
  private readonly moves = Array.from({ length: MAX_PLY }, () => new Int32Array(MAX_MOVES));
  private readonly scores = Array.from({ length: MAX_PLY }, () => new Int32Array(MAX_MOVES));
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY);
  /** The move played at each ply of the line, for counter moves: 0 for a null move or a defender choice. */
  private readonly played = new Int32Array(MAX_PLY);
  /** Pairs of key and score; see `staticEval`. */
  private readonly evalCache = new Int32Array(2 << 16).fill(NO_EVAL);
  /** Whether the last `staticEval` stopped short (lazily): a bound, not the evaluation. */
  private evalLazy = false;
  private readonly correction = new CorrectionHistory();
  private keysLo = new Int32Array(1024);
  private keysHi = new Int32Array(1024);
  /** Index in the key stack of the root position. */
  private rootIndex = 0;
  /** Positions below this index are behind a null move and cannot repeat. */
  private nullFloor = 0;
  private pos!: Position;
  /** The evaluation's sums for `pos`, played along with it. */
  private readonly acc = new Accumulator(MAX_PLY);
  private evalConfig!: EvalConfig;
  nodes = 0;
  private nodeLimit = Infinity;
  private checkAt = 0;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  private stopped = false;
  private startTime = 0;

  constructor(ttBits = 20) {
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
   * Searches `pos` (left as it was found) for the side to move. `history` holds the hash keys of
   * the game's earlier positions as [lo, hi] pairs, oldest first, for repetition detection.
   */
  search(
    pos: Position,
    history: readonly number[],
    evalConfig: EvalConfig,
    limits: SearchLimits,
  ): SearchResult {
    this.startTime = performance.now();
    this.pos = pos;
    this.acc.reset(pos);
    if (evalConfig !== this.evalConfig) this.evalCache.fill(NO_EVAL);
    this.evalConfig = evalConfig;
    this.nodes = 0;
    this.stopped = false;
    this.nodeLimit = limits.nodes ?? Infinity;
    // The clock does not cut the first iteration short: however busy the machine, the move and
    // its score come from a search (a cut one would answer its first move with a score of 0).
    this.deadline = Infinity;
    const deadline = limits.timeMs === undefined ? Infinity : this.startTime + limits.timeMs;
    this.checkAt = Math.min(CHECK_EVERY, this.nodeLimit);
    this.stopFlag = limits.stop;
    this.tt.age();
    this.order.killers.fill(0);
    this.loadHistory(history);

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
      result.timeMs = performance.now() - this.startTime;
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
      // +31 ± 19 Elo in the variant, −15 ± 29 in standard chess (docs/benchmarks.md).
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
      result.timeMs = performance.now() - this.startTime;
      limits.onProgress?.({
        depth,
        score: result.score,
        nodes: this.nodes,
        timeMs: result.timeMs,
        pv: result.pv,
      });
      if (this.stopped) break;
      this.deadline = deadline;
      // A forced mate found within the depth searched cannot get better.
      if (isMateScore(this.rootBest) && MATE - Math.abs(this.rootBest) <= depth) break;
      if (performance.now() - this.startTime >= softTime) break;
    }
    result.nodes = this.nodes;
    result.timeMs = performance.now() - this.startTime;
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

  private loadHistory(history: readonly number[]): void {
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
  private staticEval(alpha: number, beta: number): number {
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

  private updatePv(ply: number, m: Move): void {
    const base = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.pvTable[base + ply] = m;
    const end = this.pvLength[ply + 1];
    for (let i = ply + 1; i < end; i++) this.pvTable[base + i] = this.pvTable[child + i];
    this.pvLength[ply] = Math.max(end, ply + 1);
  }

  private checkLimits(): void {
    if (this.nodes >= this.nodeLimit) this.stopped = true;
    else if (this.stopFlag && Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true;
    else if (performance.now() >= this.deadline) this.stopped = true;
    this.checkAt = Math.min(this.nodes + CHECK_EVERY, this.nodeLimit);
  }

  /**
   * Whether the position at `ply` is a draw by the fifty-move rule or by repetition: one earlier
   * occurrence inside the search, or two in the game before it (that would be the third).
   */
  private isDraw(ply: number): boolean {
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

  /** The defender's choice after an attack on its double box: it takes the best option for itself. */
  private defend(depth: number, alpha: number, beta: number, ply: number, quiet: boolean): number {
    const pos = this.pos;
    const options = this.moves[ply];
    const n = sacrificeOptions(pos, options);
    this.keysLo[this.rootIndex + ply] = pos.hashLo;
    this.keysHi[this.rootIndex + ply] = pos.hashHi;
    this.pvLength[ply] = ply;
    let best = -INFINITE;
    for (let i = 0; i < n; i++) {
      const m = options[i];
      this.acc.play(pos, m);
      this.played[ply] = 0;
      const score = quiet ? this.quiesce(alpha, beta, ply + 1) : this.node(depth, alpha, beta, ply + 1, true);
      this.acc.undo(pos);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        this.updatePv(ply, m);
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  /** `check` is 1 or 0 when the caller already knows whether the side to move is in check, else -1. */
  private node(depth: number, alpha: number, beta: number, ply: number, nullOk: boolean, check = -1): number {
    const pos = this.pos;
    if (pos.pendingSquare >= 0) return this.defend(depth, alpha, beta, ply, false);
    const index = this.rootIndex + ply;
    this.keysLo[index] = pos.hashLo;
    this.keysHi[index] = pos.hashHi;
    if (this.isDraw(ply)) {
      this.pvLength[ply] = ply;
      return 0;
    }
    const inCheck = check < 0 ? pos.inCheck() : check === 1;
    if (inCheck) depth++;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, inCheck ? 1 : 0);
    if (++this.nodes >= this.checkAt) this.checkLimits();
    if (this.stopped) return 0;
    this.pvLength[ply] = ply;
    if (ply >= MAX_PLY - 8) return this.staticEval(alpha, beta);
    // Mate distance pruning: no line from here beats a mate already found closer to the root.
    alpha = Math.max(alpha, -MATE + ply);
    beta = Math.min(beta, MATE - ply - 1);
    if (alpha >= beta) return alpha;

    const pvNode = beta - alpha > 1;
    const tt = this.tt;
    let hashMove = 0;
    let ttScore = 0;
    let ttBound = 0;
    if (tt.probe(pos.hashLo, pos.hashHi)) {
      hashMove = tt.move;
      ttScore = fromTT(tt.score, ply);
      ttBound = tt.bound;
      if (!pvNode && tt.depth >= depth) {
        if (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER ? ttScore >= beta : ttScore <= alpha))
          return ttScore;
      }
    }

    const us = pos.turn;
    // Only the pruning below reads the static evaluation (corrected, docs/engine.md §2): PV
    // nodes, nodes in check and the deeper nodes right after a null move (no second null move)
    // do without it.
    const raw = inCheck || pvNode || (depth > 3 && !nullOk) ? -INFINITE : this.staticEval(alpha, beta);
    // Only an evaluation that did not stop short (lazily) teaches the correction history.
    const exact = raw !== -INFINITE && !this.evalLazy;
    const corrected = raw === -INFINITE ? raw : this.correction.correct(raw, this.acc, us);
    // A stored score on the right side of the evaluation is a better guess of this node's worth.
    const staticEval =
      corrected !== -INFINITE && Math.abs(ttScore) < MATE_BOUND && beyond(ttBound, ttScore, corrected)
        ? ttScore
        : corrected;
    let strong = -1;
    if (!pvNode && !inCheck && Math.abs(beta) < MATE_BOUND) {
      // Reverse futility: far above beta near the leaves, the opponent will not let us get here.
      if (depth <= 3 && staticEval - 120 * depth >= beta) return staticEval;
      // Null move: passing still beats beta, so a real move would too; not without a strong
      // piece (zugzwang).
      if (nullOk && depth >= 3 && staticEval >= beta) {
        strong = this.acc.hasStrongPiece(us) ? 1 : 0;
        if (strong === 1) {
          const r = 3 + (depth >> 2);
          const floor = this.nullFloor;
          this.acc.playNull(pos);
          this.played[ply] = 0;
          this.nullFloor = index + 1;
          const score = -this.node(depth - 1 - r, -beta, -beta + 1, ply + 1, false, 0);
          this.nullFloor = floor;
          this.acc.undo(pos);
          if (this.stopped) return 0;
          if (score >= beta) return score >= MATE_BOUND ? beta : score;
        }
      }
    }

    const killer1 = this.order.killers[2 * ply];
    const killer2 = this.order.killers[2 * ply + 1];
    const originalAlpha = alpha;
    let best = -INFINITE;
    let bestMove = 0;
    let legal = 0;
    const line = inCheck ? checkLine(pos) : 0;
    const previous = this.played[ply - 1];
    const picker = this.pickers[ply];
    picker.reset(pos, hashMove, ply, this.order.counterOf(previous));
    for (let m = picker.next(); m !== 0; m = picker.next()) {
      if (inCheck && !mayAnswerCheck(pos, m, line)) continue;
      const quietMove = !isCapture(m) && movePromotion(m) === 0;
      // Late move pruning: near the leaves, a quiet move this far down the order, once a move has
      // a score that is no mate, is not searched unless it gives check. Most are known to give
      // none before they are played, and are passed over before the legality test: from here on
      // the count of legal moves no longer matters, since every later quiet move is prunable too.
      const prunable =
        quietMove &&
        !pvNode &&
        !inCheck &&
        depth <= 3 &&
        legal >= 3 + depth * depth &&
        best > -MATE_BOUND &&
        m !== killer1 &&
        m !== killer2;
      if (prunable && !mayGiveCheck(pos, m)) continue;
      // Static exchange pruning (standard mode): near the leaves, once a move has a score that is
      // no mate, a move whose exchange loses more than a margin is not searched.
      if (
        pos.standard &&
        !pvNode &&
        !inCheck &&
        depth <= 4 &&
        best > -MATE_BOUND &&
        !seeAtLeast(pos, m, quietMove ? -15 * depth * depth : -90 * depth)
      )
        continue;
      if (!isLegalMove(pos, m, inCheck)) continue;
      legal++;
      // Futility: a quiet move this close to the leaves will not lift a hopeless score. Those that
      // surely give no check are passed over unplayed (a prunable move here may give check).
      const futile =
        quietMove &&
        !inCheck &&
        m !== killer1 &&
        m !== killer2 &&
        (prunable || (!pvNode && depth <= 2 && legal > 1 && staticEval + 100 + 100 * depth <= alpha));
      if (futile && !prunable && !mayGiveCheck(pos, m)) continue;
      this.acc.play(pos, m);
      this.played[ply] = m;
      // The child is told whether it is in check, so that it need not look again.
      const gives = givesCheck(pos, m) ? 1 : 0;
      const late = quietMove && !inCheck && gives === 0 && m !== killer1 && m !== killer2;
      if (futile && gives === 0) {
        this.acc.undo(pos);
        continue;
      }
      let score: number;
      if (legal === 1) score = -this.node(depth - 1, -beta, -alpha, ply + 1, true, gives);
      else {
        let r = 0;
        if (late && depth >= 3 && legal > (pvNode ? 4 : 2)) {
          if (strong < 0) strong = this.acc.hasStrongPiece(us) ? 1 : 0;
          // No reductions in pawn endings, where a quiet tempo move is often the only one.
          if (strong === 1)
            r = Math.min(LMR_TABLE[Math.min(depth, 63) * 64 + Math.min(legal, 63)], depth - 2);
          if (pvNode && r > 0) r--;
        }
        score = -this.node(depth - 1 - r, -alpha - 1, -alpha, ply + 1, true, gives);
        if (score > alpha && r > 0 && !this.stopped)
          score = -this.node(depth - 1, -alpha - 1, -alpha, ply + 1, true, gives);
        if (score > alpha && score < beta && !this.stopped)
          score = -this.node(depth - 1, -beta, -alpha, ply + 1, true, gives);
      }
      this.acc.undo(pos);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (alpha >= beta) {
            if (quietMove) this.order.reward(m, ply, depth, previous);
            break;
          }
        }
      }
    }
    if (legal === 0) return inCheck ? -MATE + ply : 0;
    if (best === -INFINITE) return alpha;
    const bound = best >= beta ? BOUND_LOWER : best > originalAlpha ? BOUND_EXACT : BOUND_UPPER;
    // The evaluation's error is learnt where a quiet move (or none) decided the node: a capture's
    // score says more about the capture than about the position.
    if (
      exact &&
      Math.abs(best) < MATE_BOUND &&
      (bestMove === 0 || (!isCapture(bestMove) && movePromotion(bestMove) === 0))
    )
      this.correction.update(this.acc, us, depth, raw, corrected, best, bound);
    // After a fail low every score is an upper bound and the best of them names no best move:
    // the entry keeps the move an earlier search found (+24 ± 19 Elo, docs/benchmarks.md).
    tt.store(pos.hashLo, pos.hashHi, depth, toTT(best, ply), bound, bound === BOUND_UPPER ? 0 : bestMove);
    return best;
  }

  /**
   * Captures, box attacks and queen promotions until the position is quiet; all moves in check.
   * Its results go to the transposition table too: quiescence is most of the nodes, and the same
   * capture sequences meet again in other orders.
   */
  private quiesce(alpha: number, beta: number, ply: number, check = -1): number {
    const pos = this.pos;
    if (pos.pendingSquare >= 0) return this.defend(0, alpha, beta, ply, true);
    if (++this.nodes >= this.checkAt) this.checkLimits();
    if (this.stopped) return 0;
    this.pvLength[ply] = ply;
    if (ply >= MAX_PLY - 2) return this.staticEval(alpha, beta);
    const inCheck = check < 0 ? pos.inCheck() : check === 1;
    const originalAlpha = alpha;
    const tt = this.tt;
    let hashMove = 0;
    // Any entry is at least as deep as quiescence: its bound settles a null window here.
    if (tt.probe(pos.hashLo, pos.hashHi)) {
      hashMove = tt.move;
      if (beta - alpha === 1) {
        const s = fromTT(tt.score, ply);
        if (tt.bound === BOUND_EXACT || (tt.bound === BOUND_LOWER ? s >= beta : s <= alpha)) return s;
      }
    }
    let best = -INFINITE;
    let standPat = 0;
    if (!inCheck) {
      standPat = this.correction.correct(this.staticEval(alpha, beta), this.acc, pos.turn);
      if (standPat >= beta) return standPat;
      if (standPat > alpha) alpha = standPat;
      best = standPat;
    }
    const moves = this.moves[ply];
    const scores = this.scores[ply];
    const n = inCheck ? generatePseudo(pos, moves) : generateCaptures(pos, moves);
    const line = inCheck ? checkLine(pos) : 0;
    // Out of check, losing captures are not worth a look: they are found when their turn comes
    // rather than sorted last, which spares the test for all that a cut-off leaves unseen.
    this.order.score(pos, moves, n, scores, hashMove, ply, inCheck);
    let legal = 0;
    let bestMove = 0;
    for (let i = 0; i < n; i++) {
      const m = pickNext(moves, scores, i, n);
      if (!inCheck) {
        // Delta pruning: even this gain and a margin leave us below alpha.
        if (movePromotion(m) === 0 && standPat + captureGain(pos, m) + 200 <= alpha) continue;
        if (losingCapture(pos, m)) continue;
      }
      if (inCheck && !mayAnswerCheck(pos, m, line)) continue;
      if (!isLegalMove(pos, m, inCheck)) continue;
      this.acc.play(pos, m);
      legal++;
      const score = -this.quiesce(-beta, -alpha, ply + 1, givesCheck(pos, m) ? 1 : 0);
      this.acc.undo(pos);
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (alpha >= beta) break;
        }
      }
    }
    if (inCheck && legal === 0) return -MATE + ply;
    // Stored as depth 0: a deeper search's entry of this search is never replaced by it.
    const bound = best >= beta ? BOUND_LOWER : best > originalAlpha ? BOUND_EXACT : BOUND_UPPER;
    tt.store(pos.hashLo, pos.hashHi, 0, toTT(best, ply), bound, bestMove);
    return best;
  }
}
