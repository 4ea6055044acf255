import { START_SBFEN } from '@sbc/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine, Line, moveTimeCap } from '../src/index.ts';

describe('the time a move may take on the clock', () => {
  it('shares what is left over 30 moves, plus 0.8 of the increment', () => {
    expect(moveTimeCap({ leftMs: 15_000, incrementMs: 0 })).toBe(500);
    expect(moveTimeCap({ leftMs: 180_000, incrementMs: 2000 })).toBe(7600);
  });

  it('keeps 300 ms and 5 % of what is left for the round trip', () => {
    // 2 s + 2: the share (1666 ms) would leave too little; 2000 − 300 − 100 is the most.
    expect(moveTimeCap({ leftMs: 2000, incrementMs: 2000 })).toBe(1600);
    expect(moveTimeCap({ leftMs: 1000, incrementMs: 60_000 })).toBe(650);
  });

  it('moves at once under a second left', () => {
    expect(moveTimeCap({ leftMs: 999, incrementMs: 5000 })).toBe(0);
    expect(moveTimeCap({ leftMs: 0, incrementMs: 0 })).toBe(0);
    expect(moveTimeCap({ leftMs: -40, incrementMs: 0 })).toBe(0);
  });
});

const MIDDLEGAME = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';

function line(sbfen: string): Line {
  const l = Line.from(sbfen, [], false);
  if (!l.ok) throw new Error(l.error);
  return l.value;
}

describe('a capped think', () => {
  const engine = new Engine(18);
  beforeAll(() => void engine.think(line(START_SBFEN), { limits: { timeMs: 300 } })); // warm, as the worker is

  it("shrinks the hard level's time to the cap", () => {
    const started = performance.now();
    const r = engine.think(line(MIDDLEGAME), { level: 'hard', limits: { maxTimeMs: 150 } });
    expect(r.move).not.toBe(0);
    // Its own time here is over 5 s; the margin is a busy machine's.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never lengthens a shorter time', () => {
    const started = performance.now();
    engine.think(line(MIDDLEGAME), { limits: { timeMs: 100, maxTimeMs: 5000 } });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('searches only the first iteration at 0', () => {
    const r = engine.think(line(MIDDLEGAME), { level: 'hard', book: false, limits: { maxTimeMs: 0 } });
    expect(r.move).not.toBe(0);
    expect(r.depth).toBe(1);
  });

  it('leaves the easy level its depth and node caps', () => {
    const r = engine.think(line(MIDDLEGAME), { level: 'easy', seed: 1, limits: { maxTimeMs: 60_000 } });
    expect(r.depth).toBeLessThanOrEqual(3);
    expect(r.nodes).toBeLessThanOrEqual(2000);
  });
});
