import { generateLegal, MAX_MOVES } from './movegen.ts';
import type { Position } from './position.ts';
import { moveText } from './text.ts';

/**
 * Counts the leaves of the decision tree `depth` plies deep (docs/rules.md, appendix "SBFEN and
 * move text"): a defender choice is a ply of its own, and draw rules are ignored.
 */
export function perft(pos: Position, depth: number): number {
  const buffers = Array.from({ length: Math.max(depth, 1) }, () => new Int32Array(MAX_MOVES));
  const walk = (d: number): number => {
    const moves = buffers[d - 1];
    const n = generateLegal(pos, moves);
    if (d === 1) return n;
    let total = 0;
    for (let i = 0; i < n; i++) {
      pos.play(moves[i]);
      total += walk(d - 1);
      pos.undo();
    }
    return total;
  };
  return depth === 0 ? 1 : walk(depth);
}

/** perft split by first decision, as `[move text, count]` pairs in generation order. */
export function divide(pos: Position, depth: number): [string, number][] {
  const moves = new Int32Array(MAX_MOVES);
  const n = generateLegal(pos, moves);
  const rows: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    const text = moveText(pos, moves[i]);
    pos.play(moves[i]);
    rows.push([text, perft(pos, depth - 1)]);
    pos.undo();
  }
  return rows;
}
