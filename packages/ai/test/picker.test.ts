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
  START_SBFEN,
} from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { OrderHeuristics } from '../src/order.ts';
import { MovePicker } from '../src/picker.ts';
import { position } from './helpers.ts';

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
          picker.reset(pos, pick(random() < 0.5 ? legal : previous), 0);
          const handed: Move[] = [];
          for (let m = picker.next(); m !== 0; m = picker.next()) handed.push(m);
          expect(new Set(handed).size).toBe(handed.length);
          expect(sorted(handed)).toEqual(sorted(buffer.subarray(0, generatePseudo(pos, buffer))));
          // The search's own legality filter, as in `Searcher.node`.
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
  });
});
