import type { ClockState } from '@sbc/api';
import type { TimeControl } from '@sbc/game';
import { describe, expect, it } from 'vitest';
import {
  arrivalOf,
  arrived,
  firstMoveSeconds,
  formatClock,
  formatTimeToMove,
  lowTimeMs,
  pressed,
  stampArrival,
  timeControlLabel,
  timeShown,
} from '../src/lib/clock.ts';

const clock = (white: number, black: number, running: 'white' | 'black' | null = 'white'): ClockState => ({
  white,
  black,
  running,
  deadline: null,
  aborts: false,
  plies: [],
});

describe("The screen's clock (docs/architecture.md §7, Clocks)", () => {
  it('counts the running side down from when the clocks arrived, and only that side', () => {
    const shown = arrived(clock(60_000, 50_000), 1000);
    expect(timeShown(shown, 'white', 1000)).toBe(60_000);
    expect(timeShown(shown, 'white', 4500)).toBe(56_500);
    expect(timeShown(shown, 'black', 4500)).toBe(50_000);
    expect(timeShown(shown, 'white', 99_000)).toBe(0);
    // A render a moment before the arrival's own timestamp never shows more than the server said.
    expect(timeShown(shown, 'white', 900)).toBe(60_000);
  });

  it("stops the mover's clock at the move and starts the opponent's, so that neither goes up", () => {
    const shown = arrived(clock(60_000, 50_000), 0);
    const after = pressed(shown, 'white', 2000);
    expect(timeShown(after, 'white', 2000)).toBe(58_000);
    expect(timeShown(after, 'white', 5000)).toBe(58_000);
    expect(timeShown(after, 'black', 2000)).toBe(50_000);
    expect(timeShown(after, 'black', 5000)).toBe(47_000);
    // Before both sides moved no clock runs, and a move starts none.
    const first = arrived(clock(60_000, 60_000, null), 0);
    expect(pressed(first, 'white', 2000)).toBe(first);
  });

  it('counts from the arrival stamped on a clock, else from the moment given', () => {
    const sent = clock(60_000, 50_000);
    expect(arrivalOf(sent, 900)).toBe(900);
    stampArrival(sent, 400);
    expect(arrivalOf(sent, 900)).toBe(400);
    expect(timeShown(arrived(sent, arrivalOf(sent, 900)), 'white', 900)).toBe(59_500);
  });

  it('counts the first-move window down to the abort from the deadline', () => {
    const window = { ...clock(60_000, 60_000, null), deadline: 30_000, aborts: true };
    expect(firstMoveSeconds(window, 10_000)).toBe(20);
    expect(firstMoveSeconds(window, 10_001)).toBe(20);
    expect(firstMoveSeconds(window, 40_000)).toBe(0);
    expect(firstMoveSeconds({ ...window, aborts: false }, 10_000)).toBeNull();
  });

  it('writes a clock as lichess does: m:ss, tenths under 10 s, h:mm:ss from an hour', () => {
    expect(formatClock(180_000)).toBe('3:00');
    expect(formatClock(179_999)).toBe('2:59');
    expect(formatClock(10_000)).toBe('0:10');
    expect(formatClock(9_999)).toBe('0:09.9');
    expect(formatClock(9_400)).toBe('0:09.4');
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(formatClock(3_600_000)).toBe('1:00:00');
    expect(formatClock(5_425_000)).toBe('1:30:25');
  });

  it('writes the time left to move in correspondence in days, then hours, then m:ss', () => {
    expect(formatTimeToMove(3 * 86_400_000)).toBe('3 days');
    expect(formatTimeToMove(2 * 86_400_000)).toBe('2 days');
    expect(formatTimeToMove(2 * 86_400_000 - 1)).toBe('47 h 59 min');
    expect(formatTimeToMove(5 * 3_600_000 + 3 * 60_000 + 59_000)).toBe('5 h 03 min');
    expect(formatTimeToMove(3_600_000)).toBe('1 h 00 min');
    expect(formatTimeToMove(3_599_000)).toBe('59:59');
  });

  it("turns red below lichess's threshold: an eighth of the initial time, within 10 and 60 s", () => {
    const tc = (minutes: number, increment = 0): TimeControl => ({ kind: 'clock', minutes, increment });
    expect(lowTimeMs(tc(0.25))).toBe(10_000);
    expect(lowTimeMs(tc(1))).toBe(10_000);
    expect(lowTimeMs(tc(3, 2))).toBe(22_500);
    expect(lowTimeMs(tc(5))).toBe(37_500);
    expect(lowTimeMs(tc(8))).toBe(60_000);
    expect(lowTimeMs(tc(180))).toBe(60_000);
    expect(lowTimeMs({ kind: 'correspondence', days: 3 })).toBe(600_000);
  });

  it('names a time control with its speed', () => {
    expect(timeControlLabel({ kind: 'clock', minutes: 3, increment: 2 })).toBe('3+2 • Blitz');
    expect(timeControlLabel({ kind: 'clock', minutes: 1, increment: 0 })).toBe('1+0 • Bullet');
    expect(timeControlLabel({ kind: 'clock', minutes: 0.5, increment: 0 })).toBe('½+0 • Bullet');
    expect(timeControlLabel({ kind: 'correspondence', days: 3 })).toBe('3 days • Correspondence');
    expect(timeControlLabel({ kind: 'untimed' })).toBe('Untimed');
  });
});
