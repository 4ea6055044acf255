import { Game } from './game.ts';
import type { GameState } from './types.ts';

/** What a replay needs of a game's state: its start and its moves. */
export type ReplaySource = Pick<GameState, 'startSbfen' | 'standard' | 'moveHistory'>;

/**
 * The states of a game from its start through its first `plies` moves (all by default): index k
 * is the position after k moves, each move with its defender choice. Move navigation and the
 * History replay show these; a move the rules refuse ends the replay early.
 */
export function replay(source: ReplaySource, plies = source.moveHistory.length): GameState[] {
  const created = Game.create({ sbfen: source.startSbfen, standard: source.standard });
  if (!created.ok) return [];
  const game = created.value;
  const states = [game.state()];
  for (const entry of source.moveHistory.slice(0, plies)) {
    for (const text of entry.texts) if (!game.playText(text).ok) return states;
    states.push(game.state());
  }
  return states;
}
