/**
 * The screen's chess clock (docs/architecture.md §7, "Clocks"): the server's clocks as they were
 * when it sent them, counted down from the moment they arrived, stopped at the player's own move
 * before the server answers it, and written as lichess writes them. Pure: every function takes the
 * time it is asked about (performance.now(), a monotonic clock that no change of the system's moves).
 */
import type { ClockState } from '@sbc/api';
import { capitalize, formatTimeControl, speedOf, type TimeControl } from '@sbc/game';
import { type ColorName, opponent } from '@sbc/rules';

/** The server's clocks and when they arrived (performance.now()). */
export interface ShownClock extends ClockState {
  at: number;
}

export const arrived = (clock: ClockState, at: number): ShownClock => ({ ...clock, at });

/**
 * Marks a clock with the moment its message arrived (the socket does, before parsing it): a render
 * comes tens of ms later on a busy page, and counting from it would put that page's clock behind.
 * A move frame's clocks carry the stamp into the state the follower derives from them.
 */
export const stampArrival = (clock: Omit<ClockState, 'plies'>, at: number): void => {
  (clock as ShownClock).at = at;
};

/** When a clock arrived: its stamp, else `now` (one read over HTTP, which nothing stamps). */
export const arrivalOf = (clock: ClockState, now: number): number => (clock as Partial<ShownClock>).at ?? now;

/** The time `side` has left at `now`: the running side's counts down from the clocks' arrival. */
export function timeShown(clock: ShownClock, side: ColorName, now: number): number {
  const spent = clock.running === side ? Math.max(0, now - clock.at) : 0;
  return Math.max(0, clock[side] - spent);
}

/**
 * `mover` moved at `now`: its clock stops where it stands and the opponent's starts, until the
 * server's answer (whose values may add the increment). A clock that did not run stays as it was.
 */
export function pressed(clock: ShownClock, mover: ColorName, now: number): ShownClock {
  if (clock.running !== mover) return clock;
  return {
    ...clock,
    [mover]: timeShown(clock, mover, now),
    running: opponent(mover),
    deadline: null,
    at: now,
  };
}

/**
 * Whole seconds left to make the first move (the game is aborted at 0), or null once both sides
 * have moved. The deadline is the server's time (ms since the epoch).
 */
export function firstMoveSeconds(clock: ClockState, epochNow: number): number | null {
  if (!clock.aborts || clock.deadline === null) return null;
  return Math.max(0, Math.ceil((clock.deadline - epochNow) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** A clock as lichess shows it: m:ss, h:mm:ss from an hour, and m:ss.t (tenths) under 10 s. */
export function formatClock(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const s = Math.floor(tenths / 10);
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  const short = `${Math.floor(s / 60)}:${two(s % 60)}`;
  return s < 10 ? `${short}.${tenths % 10}` : short;
}

/** The time left to move in a correspondence game: '2 days', '5 h 03 min', then m:ss under an hour. */
export function formatTimeToMove(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes >= 2 * 24 * 60) return `${Math.floor(minutes / (24 * 60))} days`;
  if (minutes >= 60) return `${Math.floor(minutes / 60)} h ${two(minutes % 60)} min`;
  return formatClock(ms);
}

export const clockText = (ms: number, tc: TimeControl): string =>
  tc.kind === 'correspondence' ? formatTimeToMove(ms) : formatClock(ms);

/**
 * Below this a clock turns red and sounds once: lichess's threshold (lila's `emergSeconds`, which
 * its round clock reads): an eighth of the initial time, at least 10 s and at most 60 s (10 s at
 * 1+0, 22.5 s at 3+2, 60 s from 8 minutes on); 10 minutes to move in correspondence.
 */
export function lowTimeMs(tc: TimeControl): number {
  if (tc.kind === 'correspondence') return 10 * 60_000;
  if (tc.kind === 'untimed') return 0;
  return 1000 * Math.min(60, Math.max(10, (tc.minutes * 60) / 8));
}

/** '3+2 • Blitz', '3 days • Correspondence', 'Untimed'. */
export function timeControlLabel(tc: TimeControl): string {
  const speed = speedOf(tc);
  return speed ? `${formatTimeControl(tc)} • ${capitalize(speed)}` : formatTimeControl(tc);
}
