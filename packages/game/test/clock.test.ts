import { describe, expect, it } from 'vitest';
import {
  type ClockRecord,
  clockView,
  deadlineOf,
  formatTimeControl,
  lagQuota,
  PRESETS,
  passTurn,
  pgnClock,
  pgnTimeControl,
  speedOf,
  startClock,
  stopClock,
  type TimeControl,
} from '../src/clock.ts';

const clock = (minutes: number, increment: number): TimeControl => ({ kind: 'clock', minutes, increment });

/** A clock after both first moves, white to move since `at`. */
function running(tc: TimeControl, at: number): ClockRecord {
  const c = startClock(tc, 0)!;
  return passTurn(tc, passTurn(tc, c, 'white', 1000), 'black', at);
}

describe('time controls', () => {
  it('writes the presets as lichess does, in its order', () => {
    expect(PRESETS.map(formatTimeControl)).toEqual([
      '1+0',
      '2+1',
      '3+0',
      '3+2',
      '5+0',
      '5+3',
      '10+0',
      '10+5',
      '15+10',
      '30+0',
      '30+20',
    ]);
    expect(formatTimeControl(clock(0.25, 0))).toBe('¼+0');
    expect(formatTimeControl(clock(1.5, 1))).toBe('1½+1');
    expect(formatTimeControl({ kind: 'correspondence', days: 3 })).toBe('3 days');
    expect(formatTimeControl({ kind: 'untimed' })).toBe('Untimed');
  });

  it('sorts speeds by initial + 40 x increment', () => {
    expect(PRESETS.map(speedOf)).toEqual([
      ...['bullet', 'bullet'],
      ...['blitz', 'blitz', 'blitz', 'blitz'],
      ...['rapid', 'rapid', 'rapid'],
      ...['classical', 'classical'],
    ]);
    expect(speedOf(clock(2, 7))).toBe('blitz'); // 120 + 280 = 400 s
    expect(speedOf(clock(0.5, 3))).toBe('bullet'); // 30 + 120 = 150 s
    expect(speedOf(clock(25, 0))).toBe('classical'); // exactly 1500 s
    expect(speedOf({ kind: 'correspondence', days: 1 })).toBe('correspondence');
    expect(speedOf({ kind: 'untimed' })).toBeNull();
  });

  it("writes PGN's TimeControl and %clk", () => {
    expect(pgnTimeControl(clock(3, 2))).toBe('180+2');
    expect(pgnTimeControl(clock(0.25, 0))).toBe('15+0');
    expect(pgnTimeControl({ kind: 'correspondence', days: 3 })).toBe('1/259200');
    expect(pgnTimeControl({ kind: 'untimed' })).toBe('-');
    expect(pgnClock(178_450)).toBe('0:02:58');
    expect(pgnClock(3_723_000)).toBe('1:02:03');
    expect(pgnClock(9_870)).toBe('0:00:09.8');
    expect(pgnClock(-5)).toBe('0:00:00.0');
  });
});

describe('the clock', () => {
  it('runs for nobody until both sides have moved, and gives each a first-move window', () => {
    const tc = clock(1, 0);
    const c = startClock(tc, 0)!;
    expect(clockView(c, 'white', 10_000, true)).toEqual({ white: 60_000, black: 60_000, running: null });
    expect(deadlineOf(tc, c, 'white')).toEqual({ at: 20_000, aborts: true }); // bullet: 20 s
    const afterWhite = passTurn(tc, c, 'white', 5_000);
    expect(afterWhite.white).toBe(60_000);
    expect(deadlineOf(tc, afterWhite, 'black')).toEqual({ at: 25_000, aborts: true });
    expect(deadlineOf(clock(3, 2), startClock(clock(3, 2), 0)!, 'white').at).toBe(30_000);
    const both = passTurn(tc, afterWhite, 'black', 9_000);
    expect(clockView(both, 'white', 10_000, true)).toEqual({
      white: 59_000,
      black: 60_000,
      running: 'white',
    });
    expect(deadlineOf(tc, both, 'white')).toEqual({ at: 69_000, aborts: false });
  });

  it('charges the time since the turn began, then adds the increment', () => {
    const tc = clock(3, 2);
    const c = running(tc, 10_000);
    const moved = passTurn(tc, c, 'white', 14_000);
    expect(moved.white).toBe(180_000 - 4_000 + 2_000);
    expect(moved.since).toBe(14_000);
    expect(moved.plies).toEqual([180_000, 180_000, 178_000]);
    expect(clockView(moved, 'black', 15_500, true)).toEqual({
      white: 178_000,
      black: 178_500,
      running: 'black',
    });
  });

  it('compensates lag up to a second a move, within the quota', () => {
    const tc = clock(3, 0);
    const { gain, start, max } = lagQuota(tc);
    expect({ gain, start, max }).toEqual({ gain: 1000, start: 3000, max: 7000 });
    const c = running(tc, 0);
    const one = passTurn(tc, c, 'white', 5_000, 2_500); // claims 2.5 s: 1 s at most
    expect(one.white).toBe(180_000 - 5_000 + 1_000);
    // The first move added a gain to the starting quota; this one spends 1 s and gains 1 s.
    expect(c.quota.white).toBe(start + gain);
    expect(one.quota.white).toBe(c.quota.white);
    // The quota runs out when every move claims the most.
    let q = { ...c, quota: { white: 400, black: 3000 } };
    q = passTurn(tc, q, 'white', 5_000, 1_000);
    expect(q.white).toBe(180_000 - 5_000 + 400);
    // Never more than the move took.
    expect(passTurn(tc, running(tc, 0), 'white', 300, 1_000).white).toBe(180_000);
    expect(lagQuota(clock(0.25, 0))).toEqual({ gain: 200, start: 600, max: 1400 });
    expect(lagQuota({ kind: 'correspondence', days: 1 }).gain).toBe(0);
  });

  it('gives a correspondence mover its full time back for the next move', () => {
    const tc: TimeControl = { kind: 'correspondence', days: 2 };
    const c = running(tc, 0);
    const day = 86_400_000;
    expect(deadlineOf(tc, c, 'white')).toEqual({ at: 2 * day, aborts: false });
    const moved = passTurn(tc, c, 'white', day + 5);
    expect(moved.white).toBe(2 * day);
    expect(deadlineOf(tc, moved, 'black')).toEqual({ at: 3 * day + 5, aborts: false });
  });

  it('stops at the end with what the side to move had left, never below zero', () => {
    const tc = clock(1, 0);
    const c = running(tc, 0);
    expect(stopClock(c, 'white', 20_000).white).toBe(40_000);
    expect(stopClock(c, 'white', 70_000).white).toBe(0);
    expect(clockView(stopClock(c, 'white', 70_000), 'white', 80_000, false)).toEqual({
      white: 0,
      black: 60_000,
      running: null,
    });
  });
});
