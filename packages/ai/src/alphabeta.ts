import {
  checkLine,
  givesCheck,
  isCapture,
  isLegalMove,
  mayAnswerCheck,
  mayGiveCheck,
  movePromotion,
  sacrificeOptions,
} from '@sbc/rules';
import { Quiescence } from './quiesce.ts';
import { MATE, MATE_BOUND } from './score.ts';
import { seeAtLeast } from './see.ts';
import { INFINITE, MAX_PLY } from './stack.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, beyond, fromTT, toTT } from './tt.ts';

/** LMR_TABLE[depth * 64 + moveNumber]: plies to reduce a late quiet move. */
const LMR_TABLE = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++)
  for (let n = 1; n < 64; n++) LMR_TABLE[d * 64 + n] = Math.floor(0.75 + (Math.log(d) * Math.log(n)) / 2.25);

/**
 * The alpha-beta layer of the searcher (see `SearchStack`): the nodes below the root, their
 * pruning and reductions, and the defender's choices. A position waiting for a defender choice is
 * a node of the defender, who picks the sacrifice that is best for it; the same side then moves
 * on, so that step keeps the score's sign.
 */
export class AlphaBeta extends Quiescence {
  /** The defender's choice after an attack on its double box: it takes the best option for itself. */
  protected override defend(depth: number, alpha: number, beta: number, ply: number, quiet: boolean): number {
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
  protected node(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    nullOk: boolean,
    check = -1,
  ): number {
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
    // the entry keeps the move an earlier search found (+24 ± 19 Elo, docs/benchmarks-log.md).
    tt.store(pos.hashLo, pos.hashHi, depth, toTT(best, ply), bound, bound === BOUND_UPPER ? 0 : bestMove);
    return best;
  }
}
