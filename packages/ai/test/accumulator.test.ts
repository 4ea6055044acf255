import {
  ATTACK_DOUBLE_BOX,
  CASTLE,
  EN_PASSANT,
  isCapture,
  legalMoves,
  moveKind,
  type Position,
  parseSbfen,
  SACRIFICE,
  START_SBFEN,
} from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Accumulator, T_PHASE } from '../src/accumulator.ts';
import { evaluate } from '../src/evaluate.ts';
import { seededRandom } from '../src/index.ts';

/** Every sum of the current entry (T_PHASE is the last). */
const entry = (acc: Accumulator): number[] => Array.from(acc.terms.subarray(acc.at, acc.at + T_PHASE + 1));

describe('Accumulator', () => {
  it('matches a count from scratch after every move, null move and undo of random games', () => {
    const random = seededRandom(7);
    const kinds = new Set<number>();
    for (let game = 0; game < 60; game++) {
      const parsed = parseSbfen(START_SBFEN, game % 6 === 5);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const pos: Position = parsed.value;
      const acc = new Accumulator(400);
      acc.reset(pos);
      const seen: number[][] = [entry(acc)];
      for (let ply = 0; ply < 160; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        const takes = moves.filter(isCapture);
        const pool = takes.length > 0 && random() < 0.6 ? takes : moves;
        const m = pool[Math.floor(random() * pool.length)];
        kinds.add(moveKind(m));
        acc.play(pos, m);
        if (pos.pendingSquare < 0) expect(entry(acc)).toEqual(entry(Accumulator.of(pos)));
        seen.push(entry(acc));
        if (pos.pendingSquare < 0 && ply % 5 === 0) {
          acc.playNull(pos);
          expect(entry(acc)).toEqual(entry(Accumulator.of(pos)));
          acc.undo(pos);
        }
      }
      while (seen.length > 1) {
        seen.pop();
        acc.undo(pos);
        expect(entry(acc)).toEqual(seen[seen.length - 1]);
      }
    }
    for (const k of [EN_PASSANT, CASTLE, ATTACK_DOUBLE_BOX, SACRIFICE]) expect(kinds).toContain(k);
  });

  it('gives the evaluation the same sums the board holds', () => {
    const parsed = parseSbfen('r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const pos = parsed.value;
    const acc = Accumulator.of(pos);
    for (const m of legalMoves(pos).slice(0, 12)) {
      acc.play(pos, m);
      if (pos.pendingSquare < 0)
        expect(evaluate(pos, { kind: 'advanced', boxBonus: 3.5 }, -Infinity, Infinity, acc)).toBe(
          evaluate(pos, { kind: 'advanced', boxBonus: 3.5 }),
        );
      acc.undo(pos);
    }
  });
});
