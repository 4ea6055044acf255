import type { Level } from '@sbc/game';
import { positionStatus, START_SBFEN } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Engine, Line, moveTimeCap } from '../src/index.ts';
import { warmUp } from '../src/worker/host.ts';

/** ¼+0: 15 s each, no increment. */
const START_MS = 15_000;
/** The move's way to the server and the next position's way back, as simulated here. */
const ROUND_TRIP_MS = 50;
const MAX_PLIES = 60;

/**
 * Plays `level` (White or Black) against a quick opponent (20,000 nodes a move: strong enough that
 * hard's game lasts) as the page does on the clock: each decision capped by `moveTimeCap`, charged
 * the wall time its search takes, or the whole cap when that is longer (the page's pauses fill the
 * cap at most), plus the round trip. Returns the least time the computer had left after a move,
 * and the plies played.
 */
function playOnTheClock(level: Level, computer: 0 | 1, seed: number) {
  const engine = new Engine(18);
  warmUp(engine); // as the worker does before its first search
  const opponent = new Engine(16);
  const started = Line.from(START_SBFEN, [], false);
  if (!started.ok) throw new Error(started.error);
  const line = started.value;
  const pos = line.pos;
  let left = START_MS;
  let least = left;
  let plies = 0;
  for (; plies < MAX_PLIES; plies++) {
    if (pos.pendingSquare < 0) {
      const { status } = positionStatus(pos);
      if (status !== 'active' && status !== 'check') break;
    }
    if (pos.turn !== computer) {
      line.play(opponent.think(line, { limits: { nodes: 20_000 } }).move);
      continue;
    }
    const cap = moveTimeCap({ leftMs: left, incrementMs: 0 });
    const t0 = performance.now();
    const { move } = engine.think(line, { level, seed, limits: { maxTimeMs: cap } });
    left -= Math.max(performance.now() - t0, cap) + ROUND_TRIP_MS;
    least = Math.min(least, left);
    expect(move).not.toBe(0);
    line.play(move);
  }
  return { least, plies };
}

describe('the computer on a ¼+0 clock', () => {
  it.each([
    ['easy', 'White', 0],
    ['medium', 'Black', 1],
    ['hard', 'White', 0],
  ] as const)('%s, as %s, never runs out of time', (level, _, computer) => {
    const { least, plies } = playOnTheClock(level, computer, 7);
    expect(plies).toBeGreaterThan(10);
    expect(least).toBeGreaterThan(0);
  });
});
