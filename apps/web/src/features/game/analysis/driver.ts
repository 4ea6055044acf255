import { type ColorName, opponent } from '@sbc/rules';
import { type Judgement, judge, MARKS } from './judge.ts';

/** The game to analyse: its start and, per move of the history, who played it and its move texts. */
export interface AnalysedGame {
  sbfen: string;
  standard: boolean;
  history: readonly { player: ColorName; texts: readonly string[] }[];
}

/** What the engine answers for one position (`analyse` of @sbc/ai), scores from the side to move's view. */
export interface EngineVerdict {
  text: string;
  score: number;
  /** The best line in the game's notation, one entry per move. */
  notation?: string[];
}

/** The engine as the driver uses it: one position at a time, cancellable. */
export interface PositionEngine {
  analyse(request: { sbfen: string; moves: string[]; standard: boolean; timeMs: number }): {
    answer: Promise<EngineVerdict>;
    cancel(): void;
  };
}

/** One position's analysis: White's score, the best decision (move text) and the best line in notation. */
export interface PositionEval {
  score: number;
  best: string;
  line: string[];
}

export interface GameAnalysis {
  /** Per decision of the game (a move or a defender choice), the position before it; the last is the final position. */
  positions: PositionEval[];
  /** Per ply shown (0 = the start, p = after p moves of the history, a defender choice included), its position. */
  shown: PositionEval[];
  /** Per move of the history, its player's judgement. */
  moves: { player: ColorName; judgement: Judgement | null }[];
  /** Per move of the history, the mark written after it: ?!, ?, ?? or ''. */
  marks: string[];
}

/**
 * Think time per position (docs/engine.md §10): a 60-move game (120 positions) takes about 22 s,
 * within the 30 s aimed for, on a busy 2-core machine too, since the clock bounds each search.
 */
export const TIME_PER_POSITION_MS = 180;

/** The side to move before each decision, and after the last: a defender choice is the defender's. */
function sides(game: AnalysedGame): ColorName[] {
  const out = game.history.flatMap((m) => m.texts.map((_, i) => (i === 0 ? m.player : opponent(m.player))));
  const last = game.history.at(-1);
  out.push(last ? opponent(last.player) : / w /.test(game.sbfen) ? 'white' : 'black');
  return out;
}

/** The analysis of a game from its positions' evaluations (White's view), one per decision and the final one. */
export function summarise(game: AnalysedGame, positions: PositionEval[]): GameAnalysis {
  const shown = [positions[0]];
  const moves: GameAnalysis['moves'] = [];
  let at = 0;
  for (const m of game.history) {
    // The move is judged against the position right after it: after an attack on a double box,
    // the defender's best choice, not the one it made.
    moves.push({
      player: m.player,
      judgement: judge(m.player, positions[at].score, positions[at + 1].score),
    });
    at += m.texts.length;
    shown.push(positions[at]);
  }
  return { positions, shown, moves, marks: moves.map((m) => (m.judgement ? MARKS[m.judgement] : '')) };
}

export class CancelledError extends Error {
  override name = 'CancelledError';
}

/**
 * Analyses every position of the game, one after the other in the engine (docs/engine.md §10),
 * reporting each one done; `cancel` stops at once and rejects `result` with a CancelledError.
 */
export function analyseGame(
  game: AnalysedGame,
  engine: PositionEngine,
  onProgress: (done: number, total: number) => void,
): { result: Promise<GameAnalysis>; cancel(): void } {
  const texts = game.history.flatMap((m) => m.texts);
  const side = sides(game);
  let cancelled = false;
  let stop = () => {};
  const run = async () => {
    const positions: PositionEval[] = [];
    for (let i = 0; i <= texts.length; i++) {
      if (cancelled) throw new CancelledError('the analysis was cancelled');
      const search = engine.analyse({
        sbfen: game.sbfen,
        moves: texts.slice(0, i),
        standard: game.standard,
        timeMs: TIME_PER_POSITION_MS,
      });
      stop = search.cancel;
      const v = await search.answer;
      if (cancelled) throw new CancelledError('the analysis was cancelled');
      positions.push({
        score: side[i] === 'white' ? v.score : -v.score,
        best: v.text,
        line: v.notation ?? [],
      });
      onProgress(i + 1, texts.length + 1);
    }
    return summarise(game, positions);
  };
  return {
    result: run(),
    cancel: () => {
      cancelled = true;
      stop();
    },
  };
}
