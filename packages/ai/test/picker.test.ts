import {
  checkLine,
  generateLegal,
  generatePseudo,
  isCapture,
  isLegalMove,
  legalMoves,
  MAX_MOVES,
  type Move,
  mayAnswerCheck,
  moveText,
  type Position,
  START_SBFEN,
} from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { OrderHeuristics, pickNext } from '../src/order.ts';
import { MovePicker } from '../src/picker.ts';
import { position } from './helpers.ts';

/** The legal move of `pos` written `text` (long algebraic), or 0. */
const byText = (pos: Position, text: string): Move =>
  legalMoves(pos).find((m) => moveText(pos, m) === text) ?? 0;

describe('MovePicker (docs/engine.md §2)', () => {
  it('hands out each pseudo-legal move once, whose legal ones are exactly generateLegal’s, over random games', () => {
    let seed = 777;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) | 0;
      return (seed >>> 8) / (1 << 24);
    };
    const order = new OrderHeuristics(4);
    const picker = new MovePicker(order);
    const buffer = new Int32Array(MAX_MOVES);
    const sorted = (ms: Iterable<Move>) => Array.from(ms).sort((x, y) => x - y);
    let previous: Move[] = [];
    let positions = 0;
    let afterChoice = 0;
    let killersHere = 0;
    let countersHere = 0;
    for (let game = 0; positions < 3000; game++) {
      const pos = position(START_SBFEN, game % 4 === 3);
      for (let ply = 0; ply < 150; ply++) {
        const legal = legalMoves(pos);
        if (legal.length === 0) break;
        if (pos.pendingSquare < 0) {
          // Hash move and killers: moves of this position, of the one before, or none.
          const pick = (from: Move[]) =>
            from.length && random() < 0.7 ? from[Math.floor(random() * from.length)] : 0;
          const quiets = legal.filter((m) => !isCapture(m) && m >> 18 === 0);
          order.killers[0] = pick(random() < 0.5 ? quiets : previous);
          order.killers[1] = pick(quiets);
          if (quiets.includes(order.killers[0]) || quiets.includes(order.killers[1])) killersHere++;
          // The counter move too: a killer, a quiet move of this position or of the one before.
          const counter = random() < 0.2 ? order.killers[0] : pick(random() < 0.5 ? quiets : previous);
          if (quiets.includes(counter)) countersHere++;
          picker.reset(pos, pick(random() < 0.5 ? legal : previous), 0, counter);
          const handed: Move[] = [];
          for (let m = picker.next(); m !== 0; m = picker.next()) handed.push(m);
          expect(new Set(handed).size).toBe(handed.length);
          expect(sorted(handed)).toEqual(sorted(buffer.subarray(0, generatePseudo(pos, buffer))));
          // The search's own legality filter, as in `AlphaBeta.node`.
          const check = pos.inCheck();
          const line = check ? checkLine(pos) : 0;
          const kept = handed.filter(
            (m) => (!check || mayAnswerCheck(pos, m, line)) && isLegalMove(pos, m, check),
          );
          expect(sorted(kept)).toEqual(sorted(buffer.subarray(0, generateLegal(pos, buffer))));
          if (pos.lastMove() >> 21 === 9) afterChoice++;
          positions++;
          previous = legal;
        }
        // Prefer captures so that boxes appear and get attacked, and defenders choose.
        const takes = legal.filter((m) => isCapture(m));
        const choices = takes.length && random() < 0.6 ? takes : legal;
        pos.play(choices[Math.floor(random() * choices.length)]);
      }
    }
    expect(afterChoice).toBeGreaterThan(0);
    expect(killersHere).toBeGreaterThan(1000);
    expect(countersHere).toBeGreaterThan(700);
  });

  it('tries the hash move, the captures, the killers, then the counter move, before the other quiet moves', () => {
    const pos = position('rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3', true);
    const move = (text: string) => byText(pos, text);
    const order = new OrderHeuristics(4);
    order.killers[0] = move('f1c4');
    order.killers[1] = move('d2d4');
    const picker = new MovePicker(order);
    picker.reset(pos, move('b1c3'), 0, move('f1b5'));
    const handed: string[] = [];
    for (let m = picker.next(); m !== 0; m = picker.next()) handed.push(moveText(pos, m));
    expect(handed.slice(0, 6)).toEqual(['b1c3', 'e4d5', 'f3e5', 'f1c4', 'd2d4', 'f1b5']);
    expect(handed.filter((t) => t === 'f1b5')).toHaveLength(1);
    // A counter move that is no move here (a bishop on g1) is passed over.
    picker.reset(pos, 0, 0, move('f1b5') + 1);
    const all: Move[] = [];
    for (let m = picker.next(); m !== 0; m = picker.next()) all.push(m);
    const buffer = new Int32Array(MAX_MOVES);
    expect(all.sort((x, y) => x - y)).toEqual(
      Array.from(buffer.subarray(0, generatePseudo(pos, buffer))).sort((x, y) => x - y),
    );
  });

  it('remembers the quiet move that refuted a move as that move’s counter move', () => {
    const pos = position(START_SBFEN, true);
    const e4 = byText(pos, 'e2e4');
    pos.play(e4);
    const nf6 = byText(pos, 'g8f6');
    const order = new OrderHeuristics(4);
    expect(order.counterOf(e4)).toBe(0);
    order.reward(nf6, 1, 3, e4);
    expect(order.counterOf(e4)).toBe(nf6);
    expect(order.killers[2]).toBe(nf6);
    // After a null move or a defender choice there is no previous move, and no counter move.
    order.reward(e4, 2, 3, 0);
    expect(order.counterOf(0)).toBe(0);
    order.clear();
    expect(order.counterOf(e4)).toBe(0);
  });
});

describe('pickNext', () => {
  /** The order it promises: the best of the rest picked (and swapped into place) three times, then a stable sort. */
  const reference = (moves: number[], scores: number[]): number[] => {
    const m = [...moves];
    const s = [...scores];
    for (let i = 0; i < Math.min(3, m.length); i++) {
      let best = i;
      for (let j = i + 1; j < m.length; j++) if (s[j] > s[best]) best = j;
      [m[i], m[best]] = [m[best], m[i]];
      [s[i], s[best]] = [s[best], s[i]];
    }
    const rest = m.slice(3).map((move, k) => ({ move, score: s[k + 3] }));
    rest.sort((x, y) => y.score - x.score);
    return [...m.slice(0, 3), ...rest.map((r) => r.move)];
  };

  it('hands out moves by score, best first, equal scores in the order given', () => {
    let seed = 99;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) | 0;
      return (seed >>> 8) / (1 << 24);
    };
    for (let round = 0; round < 500; round++) {
      const n = Math.floor(random() * 60);
      // Mostly zeros (quiet moves without history), some positive, a few negative.
      const scores = Array.from({ length: n }, () => {
        const r = random();
        return r < 0.6 ? 0 : r < 0.9 ? Math.floor(random() * 8) + 1 : -Math.floor(random() * 3) - 1;
      });
      const moves = Array.from({ length: n }, (_, i) => i + 1);
      const m = Int32Array.from(moves);
      const s = Int32Array.from(scores);
      const handed = moves.map((_, i) => pickNext(m, s, i, n));
      expect(handed).toEqual(reference(moves, scores));
    }
  });
});
