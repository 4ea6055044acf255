/** The perft positions and counts of test/perft/, read by the perft tests and `npm run bench:perft`. */
import { readFileSync } from 'node:fs';

export interface PerftCase {
  name: string;
  sbfen: string;
  depths: Record<string, number>;
}
export interface DivideCase {
  name: string;
  sbfen: string;
  depth: number;
  divide: Record<string, number>;
}
const load = <T>(name: string): T[] =>
  JSON.parse(readFileSync(new URL(`perft/${name}`, import.meta.url), 'utf8')) as T[];

/** Ordinary chess with published counts (start, kiwipete, ...). */
export const standardCases = load<PerftCase>('standard.json');
/** Shared Box Chess positions with boxes. */
export const publicCases = load<PerftCase>('public.json');
/** The same positions split by first decision at depth 3. */
export const divideCases = load<DivideCase>('public-divide3.json');
