/** Writes the piece-square tables (`src/tables.ts`, docs/engine.md §11): the tuner's output, in its own format. */
import { writeFileSync } from 'node:fs';
import type { Mode, PieceTables } from '../tables.ts';

export const TABLES_FILE = new URL('../tables.ts', import.meta.url);

const PIECES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

const HEADER = `/**
 * Piece-square tables (docs/engine.md §3), in centipawns on top of the piece's value: one for the
 * middlegame and one for the endgame per piece type, which the evaluation blends by the material
 * left, and a set per mode. White's view, rank 8 first (a8 to h8, then rank 7); black's are
 * mirrored. Written by \`npm run -s tune:tables\` (docs/engine.md §11): edit by tuning, not by hand.
 */
export interface PieceTables {
  /** By piece type, pawn to king: 64 entries each. */
  middle: number[][];
  end: number[][];
}

export type Mode = 'sharedbox' | 'chess';
`;

const grid = (table: readonly number[], name: string): string => {
  const rows = [];
  for (let r = 0; r < 8; r++)
    rows.push(
      `        ${table
        .slice(r * 8, r * 8 + 8)
        .map((n) => String(n).padStart(4))
        .join(',')},`,
    );
  return `      // ${name}\n      [\n${rows.join('\n')}\n      ],`;
};

const MODE_NOTES: Record<Mode, string> = {
  sharedbox: 'Shared Box Chess: tuned on self-play games of the variant.',
  chess: "Standard mode: the simplified evaluation function's tables (see docs/engine.md §11).",
};

/** The source of `tables.ts` holding `tables`. */
export function tablesSource(tables: Record<Mode, PieceTables>): string {
  const phase = (set: PieceTables, key: keyof PieceTables) =>
    `    ${key}: [\n${set[key].map((t, i) => grid(t, PIECES[i])).join('\n')}\n    ],`;
  const mode = (name: Mode) =>
    `  // ${MODE_NOTES[name]}\n  ${name}: {\n${phase(tables[name], 'middle')}\n${phase(tables[name], 'end')}\n  },`;
  return `${HEADER}
// biome-ignore format: tables
export const TABLES: Record<Mode, PieceTables> = {
${mode('sharedbox')}
${mode('chess')}
};
`;
}

export function writeTables(tables: Record<Mode, PieceTables>): void {
  writeFileSync(TABLES_FILE, tablesSource(tables));
}
