/** Small helpers shared by the rules tests: positions from SBFEN, moves from move text. */
import type { Move } from '../src/move.ts';
import { legalMoves } from '../src/movegen.ts';
import { type Piece, pieceLetter } from '../src/piece.ts';
import type { Position } from '../src/position.ts';
import { parseSbfen, writeSbfen } from '../src/sbfen.ts';
import { SQUARES } from '../src/square.ts';
import { moveText } from '../src/text.ts';

/** Parses SBFEN, failing the test with the parser's message when it is rejected. */
export function position(sbfen: string, standard = false): Position {
  const parsed = parseSbfen(sbfen, standard);
  if (!parsed.ok) throw new Error(`${sbfen}: ${parsed.error.message}`);
  return parsed.value;
}

/** The legal move whose text (as `moveText` writes it) is `text`; fails the test when there is none. */
export function find(pos: Position, text: string): Move {
  const m = legalMoves(pos).find((c) => moveText(pos, c) === text);
  if (m === undefined) throw new Error(`${text} is not a legal move here: ${legal(pos).join(' ')}`);
  return m;
}

/** Plays moves given as text, in order, and returns the position. */
export function play(pos: Position, ...texts: string[]): Position {
  for (const text of texts) pos.play(find(pos, text));
  return pos;
}

/** Plays the moves on a fresh position and returns the resulting SBFEN. */
export const after = (sbfen: string, ...texts: string[]): string =>
  writeSbfen(play(position(sbfen), ...texts));

/** Every legal decision as move text, sorted. */
export const legal = (pos: Position): string[] =>
  legalMoves(pos)
    .map((m) => moveText(pos, m))
    .sort();

/** Legal decisions as text for a position given as SBFEN. */
export const legalOf = (sbfen: string, standard = false): string[] => legal(position(sbfen, standard));

/** The pieces on the board as FEN letters, one per piece (a box gives two), sorted. */
export function pieces(pos: Position): string {
  const letters: string[] = [];
  for (const sq of SQUARES) {
    for (const p of [pos.first[sq], pos.second[sq]] as Piece[]) if (p) letters.push(pieceLetter(p));
  }
  return letters.sort().join('');
}

/** mulberry32: a small seeded PRNG, so that a failure can be replayed. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
