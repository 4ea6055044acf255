/** Writes tuned weights into `src/weights.ts`, in place of the table there; the comments stay. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Weights } from '../weights.ts';

export const WEIGHTS_FILE = new URL('../weights.ts', import.meta.url);

const TABLE = /export const WEIGHTS: Weights = \{\n[\s\S]*?\n\};\n/;

/** The source of `weights.ts` (given as `source`) with `weights` as its table. */
export function withWeights(source: string, weights: Weights): string {
  if (!TABLE.test(source)) throw new Error('weights.ts has no WEIGHTS table to replace');
  const fields = Object.entries(weights).map(
    ([name, value]) => `  ${name}: ${Array.isArray(value) ? `[${value.join(', ')}]` : value},`,
  );
  return source.replace(TABLE, `export const WEIGHTS: Weights = {\n${fields.join('\n')}\n};\n`);
}

export function writeWeights(weights: Weights): void {
  writeFileSync(WEIGHTS_FILE, withWeights(readFileSync(WEIGHTS_FILE, 'utf8'), weights));
}
