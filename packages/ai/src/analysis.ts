import { Game } from '@sbc/game';
import { generateLegal, MAX_MOVES, type Move } from '@sbc/rules';
import { FULL_STRENGTH } from './engine.ts';
import type { Line } from './line.ts';
import type { RootScore, Searcher, SearchLimits } from './search.ts';

/** A position's analysis: always the full-strength engine, no book, no defender policy. */
export interface PositionAnalysis {
  /** The best decision, 0 when there is none (the game is over). */
  move: Move;
  /** From the side to move's view (the defender's at a defender choice); mates ±(MATE - plies). */
  score: number;
  depth: number;
  nodes: number;
  /** The best line, starting with `move`. */
  pv: Move[];
  /** At a defender choice: each sacrifice with its exact score, best first; else empty. */
  choices: RootScore[];
}

export type AnalysisLimits = Pick<SearchLimits, 'timeMs' | 'depth' | 'nodes' | 'stop'>;

/**
 * Evaluates the line's position for computer analysis. Unlike play (`Engine.think`), a defender
 * choice is searched: each sacrifice gets an exact score and the best is the answer
 * (docs/engine.md "The defender choice inside the search"). A forced decision, which a timed search
 * answers without a score, is played and the position after it analysed instead.
 */
export function analysePosition(searcher: Searcher, line: Line, limits: AnalysisLimits): PositionAnalysis {
  const pos = line.pos;
  const legal = new Int32Array(MAX_MOVES);
  if (generateLegal(pos, legal) === 1) {
    const forced = legal[0];
    const choice = pos.pendingSquare >= 0;
    line.play(forced);
    const next = analysePosition(searcher, line, limits);
    line.undo();
    // After a defender choice the same side moves on: the score keeps its sign.
    const score = choice ? next.score : -next.score;
    return {
      ...next,
      move: forced,
      score,
      pv: [forced, ...next.pv],
      choices: choice ? [{ move: forced, score }] : [],
    };
  }
  const choice = pos.pendingSquare >= 0;
  const result = searcher.search(pos, line.keys, FULL_STRENGTH, { ...limits, exactRoot: choice });
  return {
    move: result.move,
    score: result.score,
    depth: result.depth,
    nodes: result.nodes,
    pv: result.pv,
    choices: choice ? result.rootScores : [],
  };
}

/**
 * A line of move text played after the game's moves, in the game's notation (docs/rules.md,
 * appendix "Notation"): one entry per move, a defender choice folded into its move as in the Move
 * History. Done where the engine runs, so that a page does not replay the game for it.
 */
export function lineNotation(
  sbfen: string,
  standard: boolean,
  moves: readonly string[],
  line: readonly string[],
): string[] {
  const created = Game.create({ sbfen, standard });
  if (!created.ok) return [];
  const game = created.value;
  for (const t of moves) if (!game.playText(t).ok) return [];
  const start = game.moves.length;
  for (const t of line) if (!game.playText(t).ok) break;
  return game.moves.slice(start).map((m) => m.notation);
}
