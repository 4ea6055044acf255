import { START_SBFEN } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Engine, Line } from '../src/index.ts';

const MIDDLEGAME = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';

function line(sbfen: string, moves: string[] = []): Line {
  const l = Line.from(sbfen, moves, false);
  if (!l.ok) throw new Error(l.error);
  return l.value;
}

describe('time management', () => {
  it('returns a 200 ms search within about 215 ms', () => {
    const engine = new Engine(18);
    // Warm the JIT first, as a running engine is.
    engine.think(line(START_SBFEN), { limits: { timeMs: 300 } });
    for (const sbfen of [MIDDLEGAME, START_SBFEN]) {
      // Best of five: a busy machine may deschedule the process once; an engine that overruns
      // its budget does it every time.
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const l = line(sbfen);
        const started = performance.now();
        const r = engine.think(l, { limits: { timeMs: 200 } });
        times.push(performance.now() - started);
        expect(r.move).not.toBe(0);
      }
      expect(Math.min(...times)).toBeGreaterThan(150);
      expect(Math.min(...times)).toBeLessThan(215);
    }
  });

  it('searches the first iteration through however little time it has', () => {
    // 3.a3 leaves White's queen to the c8 bishop: even 0 ms sees 3...Bxg4 win it.
    const l = line(START_SBFEN, ['e2e4', 'e7e5', 'd1g4', 'd7d6', 'a2a3']);
    const r = new Engine(16).think(l, { limits: { timeMs: 0 } });
    expect(r.text).toBe('c8g4');
    expect(r.depth).toBeGreaterThanOrEqual(1);
    expect(r.score).toBeGreaterThan(600);
  });

  it('stops at once with a single legal move', () => {
    // Black in check from the rook with one way out.
    const l = line('k7/8/1K6/8/8/8/8/7R b - - 0 1');
    const started = performance.now();
    const r = new Engine(16).think(l, { limits: { timeMs: 2000 } });
    expect(r.text).toBe('a8b8');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('stops early on a forced mate', () => {
    const started = performance.now();
    const r = new Engine(16).think(line('k7/8/2K5/8/8/8/8/7R w - - 0 1'), { limits: { timeMs: 3000 } });
    expect(r.score).toBe(30000 - 3);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('stops when the shared stop flag is set', () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    // Set before the (synchronous) search starts: it returns almost at once, with a move.
    Atomics.store(stop, 0, 1);
    const started = performance.now();
    const r = new Engine(16).think(line(MIDDLEGAME), { limits: { timeMs: 5000 }, stop });
    expect(r.move).not.toBe(0);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
