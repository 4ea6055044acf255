import type { ColorName } from '@sbc/rules';

/**
 * The engine's best line from the position after `ply` moves, numbered as the Move History
 * numbers moves: "12. Qxd5 Rxd5 13. Bc4", "12... Rxd5 13. Bc4" when Black moves first.
 */
export function numberedLine(ply: number, first: ColorName, notations: readonly string[]): string {
  const words: string[] = [];
  notations.forEach((notation, i) => {
    const white = (first === 'white') === (i % 2 === 0);
    const number = Math.ceil((ply + i + 1) / 2);
    if (white) words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(notation);
  });
  return words.join(' ');
}
