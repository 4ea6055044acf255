import { START_SBFEN } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Accumulator } from '../src/accumulator.ts';
import { CorrectionHistory } from '../src/correction.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from '../src/tt.ts';
import { position } from './helpers.ts';

const start = Accumulator.of(position(START_SBFEN, true));
/** The same pieces, other pawns: another entry. */
const other = Accumulator.of(position('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', true));

describe('correction history', () => {
  it('corrects nothing before it has learnt anything', () => {
    const c = new CorrectionHistory();
    expect(c.correct(37, start, 0)).toBe(37);
  });

  it('moves towards the searches’ error, more for deeper searches, and keeps each side and pawn structure apart', () => {
    const c = new CorrectionHistory();
    c.update(start, 0, 1, 0, 0, 300, BOUND_EXACT);
    const shallow = c.correct(0, start, 0);
    const d = new CorrectionHistory();
    d.update(start, 0, 10, 0, 0, 300, BOUND_EXACT);
    const deep = d.correct(0, start, 0);
    expect(shallow).toBeGreaterThan(0);
    expect(deep).toBeGreaterThan(shallow);
    expect(d.correct(0, start, 1)).toBe(0);
    expect(d.correct(0, other, 0)).toBe(0);
  });

  it('never corrects by more than 32 cp, either way', () => {
    const c = new CorrectionHistory();
    for (let i = 0; i < 200; i++) c.update(start, 0, 15, 0, c.correct(0, start, 0), 900, BOUND_EXACT);
    expect(c.correct(0, start, 0)).toBe(32);
    for (let i = 0; i < 400; i++) c.update(start, 0, 15, 0, c.correct(0, start, 0), -900, BOUND_EXACT);
    expect(c.correct(0, start, 0)).toBe(-32);
  });

  it('learns nothing from a bound on the wrong side of the corrected evaluation', () => {
    const c = new CorrectionHistory();
    // A fail high at 50 where the evaluation said 80: the true score is 50 or more, maybe 80.
    c.update(start, 0, 8, 80, 80, 50, BOUND_LOWER);
    // A fail low at 120 where it said 80: the true score is 120 or less.
    c.update(start, 0, 8, 80, 80, 120, BOUND_UPPER);
    expect(c.correct(80, start, 0)).toBe(80);
    // A fail high above the evaluation does teach: the evaluation was too low.
    c.update(start, 0, 8, 80, 80, 120, BOUND_LOWER);
    expect(c.correct(80, start, 0)).toBeGreaterThan(80);
  });
});
