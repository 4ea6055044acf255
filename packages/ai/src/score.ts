/**
 * The engine's scores: centipawns from the side to move's view, mates as ±(MATE - plies). Kept
 * apart from the search so that a page can read scores without loading the engine.
 */
export const MATE = 30000;
/** Scores beyond this are mates: MATE minus the plies to the mate. */
export const MATE_BOUND = MATE - 1000;

export const isMateScore = (score: number): boolean => Math.abs(score) >= MATE_BOUND;

/**
 * Moves to mate of a mate score, negative when the side to move is mated, null for centipawns.
 * A defender choice counts as half a move, like a ply.
 */
export function mateMoves(score: number): number | null {
  if (!isMateScore(score)) return null;
  const moves = Math.ceil((MATE - Math.abs(score)) / 2);
  return score > 0 ? moves : -moves;
}
