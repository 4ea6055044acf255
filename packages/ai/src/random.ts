/**
 * The levels' random source (book line, near-equal moves, blunders). Unseeded it is Math.random;
 * a seed makes a game replayable: tests, matches, bug reports.
 */

/** mulberry32: a small, fast 32-bit generator, plenty for picking moves and test data. */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The generator for the move at game ply `ply`. With a seed it depends only on the seed and the
 * ply, not on what the engine was asked before, so a worker that is restarted or shared by
 * several games still replays a game from its seed.
 */
export function moveRandom(seed: number | undefined, ply: number): () => number {
  return seed === undefined ? Math.random : seededRandom(seed ^ Math.imul(ply + 1, 0x9e3779b9));
}
