import { resolveMoveText } from '@sbc/game';
import { type Move, type Position, parseSbfen, START_SBFEN } from '@sbc/rules';
import { gamePlies } from './evaluate.ts';

/** How far the book reaches (docs/engine.md §5). */
export const BOOK_PLIES = 12;

/**
 * Opening lines of 12 plies in move text (docs/rules.md, appendix "SBFEN and move text"), sound
 * in ordinary chess and chosen for this variant: a strong piece that takes a lone strong piece
 * copies it and wins it outright (the recapture only gets the cheaper piece of the double box), so
 * every line keeps strong pieces out of each other's reach throughout (a test checks it) and ends
 * level by the engine's own judgement. Lines full of early piece contact (Ruy Lopez, Scotch,
 * Queen's Gambit with Bg5) lose a piece here and were left out.
 */
export const BOOK_LINES: readonly string[] = [
  'e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5 e4g3 f5g6 h2h4 h7h6',
  'd2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5 e2e3 e7e6',
  'e2e4 e7e6 d2d4 d7d5 b1d2 g8f6 e4e5 f6d7 f1d3 c7c5 c2c3 b8c6',
  'g1f3 d7d5 g2g3 g8f6 f1g2 e7e6 e1g1 f8e7 d2d3 e8g8 b1d2 c7c5',
  'd2d4 g8f6 g1f3 g7g6 g2g3 f8g7 f1g2 e8g8 e1g1 d7d6 c2c4 b8d7',
  'e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7 f1e2 e8g8 e1g1 c7c6',
];

/** Position key (`lo:hi`) to the next moves the lines play there, built once per mode. */
const indexes = new Map<boolean, Map<string, string[]>>();

function bookIndex(standard: boolean): Map<string, string[]> {
  let index = indexes.get(standard);
  if (index) return index;
  index = new Map();
  const start = parseSbfen(START_SBFEN, standard);
  if (!start.ok) throw new Error(start.error.message);
  for (const line of BOOK_LINES) {
    const pos = start.value.clone();
    for (const text of line.split(' ')) {
      const key = `${pos.hashLo}:${pos.hashHi}`;
      const next = index.get(key) ?? [];
      if (!next.includes(text)) next.push(text);
      index.set(key, next);
      const m = resolveMoveText(pos, text);
      if (!m.ok) throw new Error(`book line '${line}': ${m.error.message}`);
      pos.play(m.value);
    }
  }
  indexes.set(standard, index);
  return index;
}

/**
 * A book move for `pos`, chosen with `random` among the lines that reach this very position
 * (by hash, so transpositions count); 0 when out of book.
 */
export function bookMove(pos: Position, random: () => number): Move {
  if (pos.pendingSquare >= 0 || gamePlies(pos) >= BOOK_PLIES) return 0;
  const candidates = bookIndex(pos.standard).get(`${pos.hashLo}:${pos.hashHi}`);
  if (!candidates) return 0;
  const m = resolveMoveText(pos, candidates[Math.floor(random() * candidates.length)]);
  return m.ok ? m.value : 0;
}
