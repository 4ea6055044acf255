/** Writes tuned weights into `src/weights.ts`, in place of the table there; the comments stay. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Mode } from '../tables.ts';
import { WEIGHTS, type Weights } from '../weights.ts';

export const WEIGHTS_FILE = new URL('../weights.ts', import.meta.url);

const TABLE = /export const WEIGHTS: \{ sharedbox: Weights; chess: ChessWeights \} = \{\n[\s\S]*?\n\};\n/;

/** The source of `weights.ts` (given as `source`) with `sets` as its table, each mode's set in turn. */
export function withWeights(source: string, sets: Record<Mode, Weights>): string {
  if (!TABLE.test(source)) throw new Error('weights.ts has no WEIGHTS table to replace');
  const set = (mode: Mode) => {
    const fields = Object.entries(sets[mode]).map(
      ([name, value]) => `    ${name}: ${Array.isArray(value) ? `[${value.join(', ')}]` : value},`,
    );
    return `  ${mode}: {\n${fields.join('\n')}\n  },`;
  };
  return source.replace(
    TABLE,
    `export const WEIGHTS: { sharedbox: Weights; chess: ChessWeights } = {\n${set('sharedbox')}\n${set('chess')}\n};\n`,
  );
}

/** Writes `weights` as the set of `mode`; the other mode's stays. */
export function writeWeights(weights: Weights, mode: Mode): void {
  const source = readFileSync(WEIGHTS_FILE, 'utf8');
  writeFileSync(WEIGHTS_FILE, withWeights(source, { ...WEIGHTS, [mode]: weights }));
}
