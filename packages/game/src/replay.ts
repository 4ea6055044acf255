import { Game } from './game.ts';
import type { GameRecord } from './record.ts';
import type { Ending } from './status.ts';
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

/** The ends that the position alone does not show, and the draws that no position makes. */
const RECORDED_ENDS = new Set(['resigned', 'abandoned', 'outoftime', 'aborted']);
const RECORDED_DRAWS = new Set(['agreement', 'timeout-vs-insufficient', 'opponent-left']);

/**
 * The rules' record of a game from the state the server sent. The server keeps the undone moves
 * itself, so the record has no redo list: a redo always waits for the server's answer.
 */
export function recordFromState(state: GameState): GameRecord {
  const recordedEnd =
    RECORDED_ENDS.has(state.gameStatus) ||
    (state.gameStatus === 'draw' && RECORDED_DRAWS.has(state.drawReason ?? ''));
  return {
    sbfen: state.startSbfen,
    standard: state.standard,
    mode: state.mode,
    humanColor: state.humanPlayer,
    aiDifficulty: state.aiDifficulty,
    moves: state.moveHistory.map((m) => [...m.texts]),
    undoDepth: state.undoDepth,
    redo: [],
    ending: recordedEnd
      ? {
          status: state.gameStatus as Ending['status'],
          winner: state.winner,
          message: state.statusMessage ?? '',
          ...(state.drawReason && state.drawReason !== 'agreement' ? { drawReason: state.drawReason } : {}),
        }
      : null,
  };
}

/** The rules' game for a state, or null when the state cannot be replayed (it then is shown as sent). */
export function gameFromState(state: GameState): Game | null {
  const built = Game.fromRecord(recordFromState(state));
  return built.ok ? built.value : null;
}
