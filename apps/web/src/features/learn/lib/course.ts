import { defenderChoice, Game } from '@sbc/game';
import { moveText } from '@sbc/rules';

/**
 * What a step asks for: one of the listed decisions, in move text (docs/rules.md, appendix "SBFEN
 * and move text": `g3e4`, `Pd7d8q`, `sac=B`), or any move that checkmates.
 */
export type Goal = { moves: readonly string[] } | { mate: true };

/** One task on one position. */
export interface Step {
  /** The position, White or Black to move (the player's side). */
  sbfen: string;
  /** The opponent's moves played before the task, in move text: an attack that asks for the player's defender choice. */
  setup?: readonly string[];
  task: string;
  goal: Goal;
  hint: string;
  /** Shown after a legal move that misses the goal, after 'Not quite — '. */
  wrong: string;
  /** Shown once the goal is met: what just happened, and the rule behind it. */
  explanation: string;
}

/** A lesson (one rule, a few steps) or a puzzle (one step). */
export interface Course {
  id: string;
  title: string;
  /** One line on the index. */
  summary: string;
  steps: readonly Step[];
}

/** The step's game: its position with the setup played; an error names what is wrong with the data. */
export function stepGame(step: Step): Game {
  const created = Game.create({ sbfen: step.sbfen });
  if (!created.ok) throw new Error(`${step.sbfen}: ${created.error.message}`);
  for (const text of step.setup ?? []) {
    const played = created.value.playText(text);
    if (!played.ok) throw new Error(`${step.sbfen}, ${text}: ${played.error.message}`);
  }
  return created.value;
}

/** Every move text the game has recorded, in order. */
export const playedTexts = (game: Game): string[] => game.toRecord().moves.flat();

/**
 * After the player's decision: when it attacked a double box, the opponent gives up a piece as the
 * computer does (docs/rules.md §5), so that the step ends on a complete move.
 */
export function answerDefenderChoice(game: Game): void {
  const pos = game.position;
  if (pos.pendingSquare >= 0 && !game.isOver) game.playText(moveText(pos, defenderChoice(pos)));
}

/** Whether the player's decision (`text`, the game played on) meets the goal. */
export function meetsGoal(goal: Goal, text: string, game: Game): boolean {
  return 'mate' in goal ? game.status().status === 'checkmate' : goal.moves.includes(text);
}
