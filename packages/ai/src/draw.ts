import type { ThinkLimits } from './engine.ts';

/**
 * How the computer answers a draw offer (docs/engine.md, "Draw offers"): a short fixed search of
 * the position at full strength, no book, the same on every level; it accepts unless it thinks it
 * stands better by more than half a pawn. Nothing here loads the engine: the page imports it and
 * runs the search in the engine's worker.
 */
export const DRAW_OFFER_LIMITS: ThinkLimits = { depth: 5, nodes: 300_000 };

/** The computer accepts when its score is at most this many centipawns (+0.50). */
export const DRAW_ACCEPT_MAX_CP = 50;

/**
 * Whether the computer accepts a draw, given the search's score (centipawns, mates as ±(30000 -
 * plies)) from the side to move's view.
 */
export function acceptsDraw(score: number, computerToMove: boolean): boolean {
  return (computerToMove ? score : -score) <= DRAW_ACCEPT_MAX_CP;
}
