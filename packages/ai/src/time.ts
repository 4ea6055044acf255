/**
 * How long the computer may take over a move of a game on the clock (docs/engine.md, "On the
 * clock"), lichess-like. Nothing here loads the engine: the page reads it (`@sbc/ai/time`) to cap
 * the search it asks of the worker and its own pauses.
 */

/** The computer's clock as its turn begins: ms left, and what a move adds. */
export interface MoveClock {
  leftMs: number;
  incrementMs: number;
}

/** What is left is shared as if this many moves remained: a game never runs out of it. */
const MOVES_AHEAD = 30;
/** The share of the increment spent at once; the rest grows the reserve. */
const INCREMENT_SHARE = 0.8;
/** Never spent: the move's round trip and the page's own work, a fixed part and a share of what is left. */
const RESERVE_MS = 300;
const RESERVE_SHARE = 0.05;
/** Under this much left the computer moves at once. */
export const INSTANT_BELOW_MS = 1000;

/**
 * The most a move may take, in ms: min(left / 30 + 0.8 × increment, left − 300 − 5 % of left);
 * 0 under a second left, an instant move (the search's first iteration only).
 */
export function moveTimeCap({ leftMs, incrementMs }: MoveClock): number {
  if (leftMs < INSTANT_BELOW_MS) return 0;
  const share = leftMs / MOVES_AHEAD + INCREMENT_SHARE * incrementMs;
  const spendable = leftMs - RESERVE_MS - RESERVE_SHARE * leftMs;
  return Math.floor(Math.max(0, Math.min(share, spendable)));
}
