import type { ColorName } from '@sbc/rules';

export const FILES = 'abcdefgh';

/** The square names row by row as shown: rank 8 on top and file a on the left for White, turned for Black. */
export function squareRows(orientation: ColorName): string[][] {
  const ranks = orientation === 'white' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
  const files = orientation === 'white' ? [...FILES] : [...FILES].reverse();
  return ranks.map((r) => files.map((f) => `${f}${r}`));
}

/** a1 is dark. */
export const isLight = (square: string): boolean => (FILES.indexOf(square[0]) + Number(square[1])) % 2 === 0;

/** The square under a point of the screen (where a dragged piece is dropped). */
export function squareAt(x: number, y: number): string | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-square]');
  return el?.dataset.square ?? null;
}

/** Row and column steps of the arrow keys, on screen (so a flipped board steps the other way in ranks). */
const STEPS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const clamp = (n: number) => Math.min(7, Math.max(0, n));

/** The square an arrow key leads to from `square`, staying on the board; null for any other key. */
export function squareToward(rows: string[][], square: string, key: string): string | null {
  const step = STEPS[key];
  if (!step) return null;
  const row = rows.findIndex((r) => r.includes(square));
  const col = rows[row].indexOf(square);
  return rows[clamp(row + step[0])][clamp(col + step[1])];
}
