import { Game } from '@sbc/game';
import type { AnalysedGame } from './driver.ts';

/**
 * The engine's line (move text) from the position after `ply` moves of the game, in the game's
 * notation (docs/rules.md, appendix "Notation"), with move numbers: "23. Qxd5 Rxd5 24. Bc4"; a
 * defender choice is folded into its move, as in the Move History.
 */
export function lineNotation(game: AnalysedGame, ply: number, pv: readonly string[]): string {
  const created = Game.create({ sbfen: game.sbfen, standard: game.standard });
  if (!created.ok) return '';
  const g = created.value;
  for (const m of game.history.slice(0, ply)) for (const t of m.texts) g.playText(t);
  const start = g.moves.length;
  for (const t of pv) if (!g.playText(t).ok) break;
  const words: string[] = [];
  g.moves.slice(start).forEach((m, i) => {
    const number = Math.ceil(m.moveNumber / 2);
    if (m.player === 'white') words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(m.notation);
  });
  return words.join(' ');
}
