/** The openings a match starts its games from (docs/engine.md §8). */
import { BOOK_LINES } from './book.ts';

/**
 * Open games that lose a piece in this variant (a strong piece taking a lone strong piece copies
 * it, docs/engine.md §5), so the book leaves them out; ordinary chess gets them too.
 */
const STANDARD_LINES: readonly string[] = [
  'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6',
  'e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6',
  'd2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7',
  'e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6',
  'c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5',
  'd2d4 g8f6 c2c4 e7e6 b1c3 f8b4 e2e3 e8g8',
];

/** The lines cut after 4, 6 and 8 plies, without repeats: each is one opening. */
export function matchOpenings(standard: boolean): string[][] {
  const lines = standard ? [...BOOK_LINES, ...STANDARD_LINES] : BOOK_LINES;
  const cuts = [4, 6, 8].flatMap((plies) => lines.map((l) => l.split(' ').slice(0, plies).join(' ')));
  return [...new Set(cuts)].map((l) => l.split(' '));
}
