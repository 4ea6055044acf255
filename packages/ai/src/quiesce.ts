import {
  checkLine,
  generateCaptures,
  generatePseudo,
  givesCheck,
  isLegalMove,
  mayAnswerCheck,
  movePromotion,
} from '@sbc/rules';
import { captureGain, losingCapture, pickNext } from './order.ts';
import { MATE } from './score.ts';
import { INFINITE, MAX_PLY, SearchStack } from './stack.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, fromTT, toTT } from './tt.ts';

/** The quiescence layer of the searcher (see `SearchStack`); the alpha-beta layer above it answers defender choices. */
export abstract class Quiescence extends SearchStack {
  /** The defender's choice after an attack on its double box: `quiet` searches its options in quiescence. */
  protected abstract defend(depth: number, alpha: number, beta: number, ply: number, quiet: boolean): number;

  /**
   * Captures, box attacks and queen promotions until the position is quiet; all moves in check.
   * Its results go to the transposition table too: quiescence is most of the nodes, and the same
   * capture sequences meet again in other orders.
   */
  protected quiesce(alpha: number, beta: number, ply: number, check = -1): number {
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
