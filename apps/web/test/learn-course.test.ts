/**
 * The lessons and puzzles of /learn (docs/architecture.md §6, "Learn"): every position is valid
 * SBFEN, its setup plays, its goal is met by a legal decision and missed by another; every puzzle's
 * solution is the engine's best move at PUZZLE_DEPTH, ahead of the second best by PUZZLE_MARGIN.
 */
import { FULL_STRENGTH, Searcher } from '@sbc/ai';
import type { Game } from '@sbc/game';
import { legalMoves, moveText, parseSbfen, writeSbfen } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import {
  answerDefenderChoice,
  type Course,
  meetsGoal,
  playedTexts,
  stepGame,
} from '../src/features/learn/lib/course.ts';
import { LESSONS } from '../src/features/learn/lib/lessons.ts';
import { PUZZLES } from '../src/features/learn/lib/puzzles.ts';

/** The engine's fixed depth for the puzzles, in plies. */
const PUZZLE_DEPTH = 4;
/** How much better, in centipawns, the solution must score than the second-best move: three pawns. */
const PUZZLE_MARGIN = 300;

/** Each legal decision of the step's position with whether it meets the goal. */
function decisions(course: Course, index: number): { text: string; meets: boolean }[] {
  const step = course.steps[index];
  const pos = stepGame(step).position;
  return legalMoves(pos).map((m) => {
    const text = moveText(pos, m);
    const game: Game = stepGame(step);
    const before = playedTexts(game).length;
    expect(game.playText(text).ok).toBe(true);
    answerDefenderChoice(game);
    expect(playedTexts(game)[before]).toBe(text);
    return { text, meets: meetsGoal(step.goal, text, game) };
  });
}

describe.each([...LESSONS, ...PUZZLES].map((c) => [c.id, c] as const))('%s', (_, course) => {
  it('has valid positions and goals that a legal decision meets and another misses', () => {
    course.steps.forEach((step, i) => {
      const parsed = parseSbfen(step.sbfen);
      expect(parsed.ok && writeSbfen(parsed.value)).toBe(step.sbfen);
      const all = decisions(course, i);
      expect(all.some((d) => d.meets)).toBe(true);
      // A step whose every move succeeds would teach nothing; the one-move steps say so.
      if (all.length > 1) expect(all.some((d) => !d.meets)).toBe(true);
      if ('moves' in step.goal) {
        const texts = all.map((d) => d.text);
        for (const goal of step.goal.moves) expect(texts).toContain(goal);
      }
    });
  });
});

describe.each(PUZZLES.map((p) => [p.id, p] as const))('puzzle %s', (_, puzzle) => {
  it(`is solved by the engine's best move at depth ${PUZZLE_DEPTH}, ${PUZZLE_MARGIN} cp ahead`, () => {
    expect(puzzle.steps).toHaveLength(1);
    const [step] = puzzle.steps;
    if (!('moves' in step.goal)) throw new Error('a puzzle has one solution');
    expect(step.goal.moves).toHaveLength(1);
    const pos = stepGame(step).position;
    const result = new Searcher(16).search(pos, [], FULL_STRENGTH, { depth: PUZZLE_DEPTH, exactRoot: true });
    const [best, second] = result.rootScores;
    expect(moveText(pos, best.move)).toBe(step.goal.moves[0]);
    expect(best.score - second.score).toBeGreaterThanOrEqual(PUZZLE_MARGIN);
  });
});
