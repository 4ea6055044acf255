/**
 * The keys that step through a game's moves, as on lichess: ← and → one move, Home the start, End
 * the last move. Returns the ply a key asks for from `shown` in a game of `plies` moves, kept within
 * 0..plies; null for any other key, or with a modifier (the browser's and the system's shortcuts).
 */
export function moveKeyTarget(e: KeyboardEvent, shown: number, plies: number): number | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: plies }[e.key];
  return to === undefined ? null : Math.min(Math.max(0, to), plies);
}
