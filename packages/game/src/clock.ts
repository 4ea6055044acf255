/**
 * Time controls and the chess clock's arithmetic (docs/rules.md §10), as lichess counts them: the
 * server keeps the clock with these functions, the screen formats it with them. No timers here:
 * every function takes the time it is asked about.
 */
import type { ColorName } from '@sbc/rules';

/** The initial times a clock may have, in minutes. */
export const INITIAL_MINUTES = [
  0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 7, 10, 15, 20, 25, 30, 40, 45, 60, 90, 120, 150, 180,
] as const;
export const INCREMENT_MAX_SECONDS = 60;
/** Days a correspondence game gives for each move. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 10, 14] as const;

/**
 * How a game is timed: a clock (initial minutes + increment seconds), days per move, or no clock
 * at all (the inactivity rule of docs/rules.md §9 then applies, as it always has).
 */
export type TimeControl =
  | { kind: 'clock'; minutes: number; increment: number }
  | { kind: 'correspondence'; days: number }
  | { kind: 'untimed' };

export const UNTIMED: TimeControl = { kind: 'untimed' };

/** The presets, as lichess writes them. */
export const PRESETS = [
  [1, 0],
  [2, 1],
  [3, 0],
  [3, 2],
  [5, 0],
  [5, 3],
  [10, 0],
  [10, 5],
  [15, 10],
  [30, 0],
  [30, 20],
].map(([minutes, increment]): TimeControl => ({ kind: 'clock', minutes, increment }));

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];

/** The estimated duration of a clocked game in seconds: initial time and 40 increments. */
export const estimatedSeconds = (minutes: number, increment: number): number => minutes * 60 + 40 * increment;

/** The speed category; null for an untimed game. */
export function speedOf(tc: TimeControl): Speed | null {
  if (tc.kind === 'untimed') return null;
  if (tc.kind === 'correspondence') return 'correspondence';
  const seconds = estimatedSeconds(tc.minutes, tc.increment);
  return seconds < 180 ? 'bullet' : seconds < 480 ? 'blitz' : seconds < 1500 ? 'rapid' : 'classical';
}

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾', 1.5: '1½' };

/** '3+2', '¼+0', '3 days', 'Untimed'. */
export function formatTimeControl(tc: TimeControl): string {
  if (tc.kind === 'untimed') return 'Untimed';
  if (tc.kind === 'correspondence') return tc.days === 1 ? '1 day' : `${tc.days} days`;
  return `${FRACTIONS[tc.minutes] ?? tc.minutes}+${tc.increment}`;
}

/** PGN's TimeControl tag: '180+2'; a move per period for correspondence ('1/259200'); '-' untimed. */
export function pgnTimeControl(tc: TimeControl): string {
  if (tc.kind === 'untimed') return '-';
  if (tc.kind === 'correspondence') return `1/${tc.days * 86_400}`;
  return `${tc.minutes * 60}+${tc.increment}`;
}

/** A PGN `%clk` comment's time: h:mm:ss, with tenths under ten seconds as lichess writes it. */
export function pgnClock(ms: number): string {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const s = Math.floor(tenths / 10);
  const hms = `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return s < 10 ? `${hms}.${tenths % 10}` : hms;
}

/** The time a side has for a move or a game at the start, in ms. */
export function initialMs(tc: TimeControl): number {
  if (tc.kind === 'clock') return tc.minutes * 60_000;
  if (tc.kind === 'correspondence') return tc.days * 86_400_000;
  return 0;
}

/** A side's first move must come this soon, or the game is aborted (lichess: 30 s, 20 s in bullet). */
export function firstMoveMs(tc: TimeControl): number {
  return speedOf(tc) === 'bullet' ? 20_000 : 30_000;
}

/** Past this, an opponent's disconnection lets the player claim the win or a draw. */
export const OPPONENT_LEFT_MS = 30_000;

/** The most lag one move is compensated (lichess: 1 s). */
export const MAX_LAG_COMP_MS = 1000;

/**
 * The lag quota: what a move adds to it, where it starts and its cap, by the game's estimated
 * duration (lichess's LagTracker: more for longer games, none past what a second a move gives).
 */
export function lagQuota(tc: TimeControl): { gain: number; start: number; max: number } {
  if (tc.kind !== 'clock') return { gain: 0, start: 0, max: 0 };
  const seconds = estimatedSeconds(tc.minutes, tc.increment);
  const gain = seconds >= 180 ? 1000 : seconds <= 15 ? 200 : Math.round(seconds * 5 + 100);
  return { gain, start: gain * 3, max: gain * 7 };
}

/**
 * A game's clock as stored: each side's time left when its clock last stopped, the moment the
 * running side's clock started, the lag quota left to each side, how many times the turn passed
 * (each side's clock starts with its first move: until both have moved none runs), and the time
 * left to the mover after each ply (PGN's %clk).
 */
export interface ClockRecord {
  white: number;
  black: number;
  /** When the side to move began its turn (ms since the epoch). */
  since: number;
  quota: { white: number; black: number };
  /** How many turns ended with a move. */
  turns: number;
  /** The mover's time after each move, in ms, in history order. */
  plies: number[];
}

export function startClock(tc: TimeControl, now: number): ClockRecord | null {
  if (tc.kind === 'untimed') return null;
  const ms = initialMs(tc);
  const { start } = lagQuota(tc);
  return { white: ms, black: ms, since: now, quota: { white: start, black: start }, turns: 0, plies: [] };
}

/** Whether the side to move's clock runs: both sides have made their first move. */
export const clockRuns = (clock: ClockRecord): boolean => clock.turns >= 2;

/** The time `side` has left at `now`, when `toMove` is to move. */
export function timeLeft(clock: ClockRecord, side: ColorName, toMove: ColorName, now: number): number {
  const running = side === toMove && clockRuns(clock);
  return running ? clock[side] - Math.max(0, now - clock.since) : clock[side];
}

/**
 * When the game ends unless the side to move acts: its flag, or the end of its first-move
 * window (`aborts`). Correspondence games abort the same way until both sides have moved.
 */
export function deadlineOf(tc: TimeControl, clock: ClockRecord, toMove: ColorName) {
  if (!clockRuns(clock)) {
    const window = tc.kind === 'correspondence' ? initialMs(tc) : firstMoveMs(tc);
    return { at: clock.since + window, aborts: true };
  }
  return { at: clock.since + clock[toMove], aborts: false };
}

/**
 * `mover` moved at `now` (the moment the server received the move): charges the time since its
 * turn began, less up to a second of its measured network delay `lagMs` that its quota covers,
 * then adds the increment (or, in correspondence, gives the full time for the next move). Returns
 * the new clock; the old is kept. A move at or past the deadline is the caller's to refuse.
 */
export function passTurn(
  tc: TimeControl,
  clock: ClockRecord,
  mover: ColorName,
  now: number,
  lagMs = 0,
): ClockRecord {
  const runs = clockRuns(clock);
  const spent = runs ? Math.max(0, now - clock.since) : 0;
  const { gain, max } = lagQuota(tc);
  const comp = Math.min(Math.max(0, lagMs), MAX_LAG_COMP_MS, clock.quota[mover], spent);
  const increment = tc.kind === 'clock' && runs ? tc.increment * 1000 : 0;
  const left =
    tc.kind === 'correspondence' ? initialMs(tc) : Math.max(0, clock[mover] - spent + comp) + increment;
  return {
    ...clock,
    [mover]: left,
    since: now,
    quota: { ...clock.quota, [mover]: Math.min(clock.quota[mover] - comp + gain, max) },
    turns: clock.turns + 1,
    plies: [...clock.plies, left],
  } as ClockRecord;
}

/** Both sides' time left at `now`, and whose clock runs (null before both have moved). */
export function clockView(clock: ClockRecord, toMove: ColorName, now: number, live: boolean) {
  const runs = live && clockRuns(clock);
  return {
    white: Math.max(0, live ? timeLeft(clock, 'white', toMove, now) : clock.white),
    black: Math.max(0, live ? timeLeft(clock, 'black', toMove, now) : clock.black),
    running: runs ? toMove : null,
  };
}

/** The game ended at `now`: the side to move's clock stops where it stands (a flag shows 0). */
export function stopClock(clock: ClockRecord, toMove: ColorName, now: number): ClockRecord {
  if (!clockRuns(clock)) return clock;
  return { ...clock, [toMove]: Math.max(0, timeLeft(clock, toMove, toMove, now)), since: now } as ClockRecord;
}
