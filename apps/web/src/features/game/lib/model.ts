import { type Ending, Game, type GameRecord, type GameState, moveRequest } from '@sbc/game';
import { legalMoves, movePromotion, type TypeName } from '@sbc/rules';

/** A legal move as the board offers it: one entry per piece, promotions folded into one. */
export interface BoardMove {
  from: string;
  to: string;
  piece: TypeName;
  promotion: boolean;
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

/** Every move the side to move may make now, as the board offers them. */
export function boardMoves(game: Game): BoardMove[] {
  if (game.isOver || game.position.pendingSquare >= 0) return [];
  const seen = new Set<string>();
  const out: BoardMove[] = [];
  for (const m of legalMoves(game.position)) {
    const { from, to, piece } = moveRequest(m);
    const key = `${from}${to}${piece}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ from, to, piece, promotion: movePromotion(m) !== 0 });
  }
  return out;
}

/** Move number shown in Game Status: moves divided by two, rounded up, at least 1. */
export const moveNumber = (moveCount: number): number => Math.max(1, Math.ceil(moveCount / 2));
