import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  CAPTURE,
  COPY,
  type Color,
  EN_PASSANT,
  JOIN,
  KING,
  MAX_MOVES,
  type Move,
  moveKind,
  movePiece,
  movePromotion,
  moveTo,
  PAWN,
  type Position,
  QUEEN,
} from '@sbc/rules';
import { VALUE } from './pst.ts';
import { seeAtLeast } from './see.ts';

/** Value for capture ordering (docs/engine.md §3): the evaluation's, with the king at 20000. */
const ORDER_VALUE = VALUE.map((v, t) => (t === KING ? 20_000 : v));

/**
 * What a capture or box attack actually wins, in centipawns, 0 for other moves:
 * a capture-and-copy takes a piece and gains one like it; a pawn-box attack takes the pawn; a
 * double-box attack takes what the defender gives up, which is at best for it the cheaper piece
 * (docs/rules.md §5: the defender chooses, and the computer as defender gives the cheaper one).
 */
export function captureGain(pos: Position, m: Move): number {
  const to = moveTo(m);
  switch (moveKind(m)) {
    case CAPTURE:
      return VALUE[pos.first[to] & 7];
    case COPY:
      return 2 * VALUE[pos.first[to] & 7];
    case EN_PASSANT:
    case ATTACK_PAWN_BOX:
      return VALUE[1];
    case ATTACK_DOUBLE_BOX:
      return Math.min(VALUE[pos.first[to] & 7], VALUE[pos.second[to] & 7]);
    default:
      return 0;
  }
}

/**
 * Whether a plain capture hands material back: a piece worth more than its prey takes on a
 * square the enemy guards (in standard mode, where the exchange loses: `seeAtLeast`). Copies and
 * box attacks never do: a copy leaves a double box, which loses only its cheaper piece to a
 * recapture, and a box attacker ends in a mixed box, which cannot be attacked.
 */
export function losingCapture(pos: Position, m: Move): boolean {
  if (moveKind(m) !== CAPTURE) return false;
  const attacker = ORDER_VALUE[movePiece(m) & 7];
  if (attacker <= VALUE[pos.first[moveTo(m)] & 7]) return false;
  return pos.standard ? !seeAtLeast(pos, m, 0) : pos.isAttacked(moveTo(m), (pos.turn ^ 1) as Color);
}

/** A move's entry in the tables by piece and target square. */
const slot = (m: Move): number => (movePiece(m) << 7) | moveTo(m);

const HASH_SCORE = 1 << 30;
const GOOD_CAPTURE = 1 << 26;
const KILLER_SCORE = 1 << 25;
const BAD_CAPTURE = -(1 << 20);

/**
 * Search-wide ordering memory: killer moves per ply, history per piece and target square, and
 * the counter move of each move (by its piece and target square): the quiet move that last
 * refuted it.
 */
export class OrderHeuristics {
  readonly killers: Int32Array;
  readonly history = new Int32Array(16 << 7);
  readonly counters = new Int32Array(16 << 7);

  constructor(maxPly: number) {
    this.killers = new Int32Array(2 * maxPly);
  }

  clear(): void {
    this.killers.fill(0);
    this.history.fill(0);
    this.counters.fill(0);
  }

  /** The counter move of `previous` (the opponent's last move, 0 for none or a null move), or 0. */
  counterOf(previous: Move): Move {
    return previous === 0 ? 0 : this.counters[slot(previous)];
  }

  /**
   * A quiet move refuted the opponent's `previous` move: remember it as a killer and as the
   * counter move of `previous`, and reward its history.
   */
  reward(m: Move, ply: number, depth: number, previous: Move): void {
    const k = 2 * ply;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = m;
    }
    if (previous !== 0) this.counters[slot(previous)] = m;
    const i = slot(m);
    this.history[i] += depth * depth;
    if (this.history[i] > 1 << 20) for (let j = 0; j < this.history.length; j++) this.history[j] >>= 1;
  }

  /**
   * Scores moves for picking best-first: hash move, winning or even captures and promotions by
   * MVV-LVA, killers, quiet moves by history (joins get a small push), losing captures last.
   */
  score(
    pos: Position,
    moves: Int32Array,
    n: number,
    scores: Int32Array,
    hashMove: Move,
    ply: number,
    judgeCaptures = true,
  ): void {
    const k1 = this.killers[2 * ply];
    const k2 = this.killers[2 * ply + 1];
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      if (m === hashMove) {
        scores[i] = HASH_SCORE;
        continue;
      }
      const gain = mvvLva(pos, m);
      if (gain > 0)
        scores[i] = judgeCaptures && losingCapture(pos, m) ? BAD_CAPTURE + gain : GOOD_CAPTURE + gain;
      else if (m === k1 || m === k2) scores[i] = KILLER_SCORE + (m === k1 ? 1 : 0);
      else scores[i] = this.quietScore(m);
    }
  }

  /** A quiet move's score: its history, a small push for a join; under-promotions go last. */
  quietScore(m: Move): number {
    const s = this.history[slot(m)] + (moveKind(m) === JOIN ? 50 : 0);
    return movePromotion(m) ? s - (1 << 21) : s;
  }
}

/**
 * MVV-LVA of a capture or a promotion (what it wins, then the cheaper mover first), positive;
 * 0 for any other move.
 */
export function mvvLva(pos: Position, m: Move): number {
  const gain = captureGain(pos, m) + (movePromotion(m) === QUEEN ? VALUE[QUEEN] - VALUE[PAWN] : 0);
  return gain > 0 ? gain * 16 - (ORDER_VALUE[movePiece(m) & 7] >> 4) : 0;
}

/**
 * The move to try `i`-th, best-scored first. Most cut-offs come from the first few moves, so
 * those are picked one by one; a node that gets further sorts the rest once, stably, instead of
 * scanning them again for every move.
 */
export function pickNext(moves: Int32Array, scores: Int32Array, i: number, n: number): Move {
  if (i < PICKS) {
    let best = i;
    for (let j = i + 1; j < n; j++) if (scores[j] > scores[best]) best = j;
    const m = moves[best];
    const s = scores[best];
    moves[best] = moves[i];
    scores[best] = scores[i];
    moves[i] = m;
    scores[i] = s;
    return m;
  }
  if (i === PICKS) sortFrom(moves, scores, i, n);
  return moves[i];
}
const PICKS = 3;

/** Room for the moves `sortFrom` sets aside. */
const REST_MOVES = new Int32Array(MAX_MOVES);
const REST_SCORES = new Int32Array(MAX_MOVES);

/**
 * Sorts moves `i` to `n` by score, best first, keeping the order of equal scores (that of the
 * generator). Most quiet moves have no history yet (score 0): the positive ones are sorted into
 * place by insertion, the others set aside in their order and put back after them, so that no
 * move is shifted past a run of zeros.
 */
function sortFrom(moves: Int32Array, scores: Int32Array, i: number, n: number): void {
  let top = i;
  let rest = 0;
  for (let j = i; j < n; j++) {
    const m = moves[j];
    const s = scores[j];
    if (s > 0) {
      let k = top - 1;
      for (; k >= i && scores[k] < s; k--) {
        moves[k + 1] = moves[k];
        scores[k + 1] = scores[k];
      }
      moves[k + 1] = m;
      scores[k + 1] = s;
      top++;
    } else {
      // Zeros stay in order; the rare negative ones (under-promotions, losing captures) sink.
      let k = rest - 1;
      for (; k >= 0 && REST_SCORES[k] < s; k--) {
        REST_MOVES[k + 1] = REST_MOVES[k];
        REST_SCORES[k + 1] = REST_SCORES[k];
      }
      REST_MOVES[k + 1] = m;
      REST_SCORES[k + 1] = s;
      rest++;
    }
  }
  for (let k = 0; k < rest; k++) {
    moves[top + k] = REST_MOVES[k];
    scores[top + k] = REST_SCORES[k];
  }
}
