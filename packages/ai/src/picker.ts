import {
  generateCaptures,
  generateQuiets,
  isPseudoLegal,
  MAX_MOVES,
  type Move,
  type Position,
} from '@sbc/rules';
import { losingCapture, mvvLva, type OrderHeuristics, pickNext } from './order.ts';

// The stages, in the order a node tries them.
const HASH = 0;
const CAPTURES = 1;
const GOOD_CAPTURES = 2;
const KILLER1 = 3;
const KILLER2 = 4;
const COUNTER = 5;
const QUIETS = 6;
const QUIET_MOVES = 7;
const BAD_CAPTURES = 8;
const DONE = 9;

/**
 * Hands out an interior node's pseudo-legal moves one at a time, generated in stages: the hash
 * move (before anything is generated), captures and queen promotions by MVV-LVA, the two killers,
 * the counter move of the opponent's last move, the quiet moves by history, and last the captures
 * that hand material back. A node that a hash move or a capture cuts off never generates its
 * quiet moves. One picker per ply, reused: no allocation while searching.
 */
export class MovePicker {
  private readonly moves = new Int32Array(MAX_MOVES);
  private readonly scores = new Int32Array(MAX_MOVES);
  private readonly bad = new Int32Array(MAX_MOVES);
  private pos!: Position;
  private stage = DONE;
  private hashMove: Move = 0;
  private killer1: Move = 0;
  private killer2: Move = 0;
  private counter: Move = 0;
  private n = 0;
  private i = 0;
  private badCount = 0;

  constructor(private readonly order: OrderHeuristics) {}

  /**
   * Starts on `pos` (not waiting for a defender choice) at `ply`, where the opponent's last move
   * has `counter` (a quiet move that refuted it elsewhere, or 0) as its counter move.
   */
  reset(pos: Position, hashMove: Move, ply: number, counter: Move): void {
    this.pos = pos;
    this.counter = counter;
    this.stage = HASH;
    this.hashMove = hashMove;
    this.killer1 = this.order.killers[2 * ply];
    this.killer2 = this.order.killers[2 * ply + 1];
    this.badCount = 0;
  }

  /** The next move to try, or 0 when there is none left. */
  next(): Move {
    const pos = this.pos;
    for (;;) {
      switch (this.stage) {
        case HASH:
          this.stage = CAPTURES;
          if (this.hashMove !== 0 && isPseudoLegal(pos, this.hashMove)) return this.hashMove;
          this.hashMove = 0;
          break;
        case CAPTURES:
          this.n = generateCaptures(pos, this.moves);
          for (let j = 0; j < this.n; j++) this.scores[j] = mvvLva(pos, this.moves[j]);
          this.i = 0;
          this.stage = GOOD_CAPTURES;
          break;
        case GOOD_CAPTURES:
          while (this.i < this.n) {
            const m = pickNext(this.moves, this.scores, this.i++, this.n);
            if (m === this.hashMove) continue;
            // Judged only when its turn comes: a cut-off before spares the test for the rest.
            if (losingCapture(pos, m)) this.bad[this.badCount++] = m;
            else return m;
          }
          this.stage = KILLER1;
          break;
        case KILLER1:
          this.stage = KILLER2;
          if (this.isFresh(this.killer1)) return this.killer1;
          break;
        case KILLER2:
          this.stage = COUNTER;
          if (this.killer2 !== this.killer1 && this.isFresh(this.killer2)) return this.killer2;
          break;
        case COUNTER:
          this.stage = QUIETS;
          if (this.counter !== this.killer1 && this.counter !== this.killer2 && this.isFresh(this.counter))
            return this.counter;
          // Not handed out here: the quiet stage must not skip it.
          this.counter = 0;
          break;
        case QUIETS:
          this.n = generateQuiets(pos, this.moves);
          for (let j = 0; j < this.n; j++) this.scores[j] = this.order.quietScore(this.moves[j]);
          this.i = 0;
          this.stage = QUIET_MOVES;
          break;
        case QUIET_MOVES:
          while (this.i < this.n) {
            const m = pickNext(this.moves, this.scores, this.i++, this.n);
            if (m !== this.hashMove && m !== this.killer1 && m !== this.killer2 && m !== this.counter)
              return m;
          }
          this.i = 0;
          this.stage = BAD_CAPTURES;
          break;
        case BAD_CAPTURES:
          if (this.i < this.badCount) return this.bad[this.i++];
          this.stage = DONE;
          break;
        default:
          return 0;
      }
    }
  }

  /**
   * A killer is a quiet move that refuted another position at this ply, a counter move one that
   * refuted the same move of the opponent elsewhere; either is tried here when it is a move here
   * too. Both are quiet by kind, so one that is pseudo-legal here is one of the quiet stage's
   * moves, skipped there.
   */
  private isFresh(m: Move): boolean {
    return m !== 0 && m !== this.hashMove && isPseudoLegal(this.pos, m);
  }
}
