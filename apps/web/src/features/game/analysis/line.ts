/**
 * Move numbers as the Move History counts them: a game whose first move is Black's starts with
 * "1...", and White's reply is move 2.
 */

/** Whether the move after `ply` moves is White's. */
const whiteMoves = (ply: number, blackFirst: boolean): boolean => (ply + (blackFirst ? 1 : 0)) % 2 === 0;

/** The number of the move after `ply` moves. */
const numberOf = (ply: number, blackFirst: boolean): number =>
  Math.floor((ply + (blackFirst ? 1 : 0)) / 2) + 1;

/** The name of the position after `ply` moves: "Start", "12. Qxd5", "12... Rxd5". */
export function plyName(ply: number, notations: readonly string[], blackFirst: boolean): string {
  if (ply === 0) return 'Start';
  const dots = whiteMoves(ply - 1, blackFirst) ? '.' : '...';
  return `${numberOf(ply - 1, blackFirst)}${dots} ${notations[ply - 1]}`;
}

/** The engine's best line from the position after `ply` moves: "12. Qxd5 Rxd5 13. Bc4", "12... Rxd5 13. Bc4". */
export function numberedLine(ply: number, notations: readonly string[], blackFirst: boolean): string {
  const words: string[] = [];
  notations.forEach((notation, i) => {
    const white = whiteMoves(ply + i, blackFirst);
    if (white) words.push(`${numberOf(ply + i, blackFirst)}.`);
    else if (i === 0) words.push(`${numberOf(ply + i, blackFirst)}...`);
    words.push(notation);
  });
  return words.join(' ');
}
