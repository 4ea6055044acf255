import type { Game, GameState } from '@sbc/game';
import type { TypeName } from '@sbc/rules';
import { useState } from 'react';
import { type BoardMove, boardMoves } from '../../game/index.ts';
import { answerDefenderChoice, meetsGoal, playedTexts, type Step, stepGame } from '../lib/course.ts';

/** Where the player is on a step: deciding, or the decision made and judged. */
export type Outcome = 'playing' | 'wrong' | 'solved';

interface View {
  game: Game;
  state: GameState;
  moves: BoardMove[];
  outcome: Outcome;
}

const viewOf = (game: Game, outcome: Outcome): View => ({
  game,
  state: game.state(),
  moves: outcome === 'playing' ? boardMoves(game) : [],
  outcome,
});

/**
 * One step on the board: the player's move, promotion piece or defender choice goes to the rules'
 * game; a complete decision is judged against the step's goal. `retry` sets the position up again.
 */
export function useStep(step: Step) {
  const [view, setView] = useState(() => viewOf(stepGame(step), 'playing'));

  /** Judges the decision that made the game's record grow past `before` texts. */
  const judge = (game: Game, before: number) => {
    const texts = playedTexts(game);
    if (texts.length === before) {
      setView(viewOf(game, 'playing')); // a promotion piece is still to choose
      return;
    }
    answerDefenderChoice(game);
    setView(viewOf(game, meetsGoal(step.goal, texts[before], game) ? 'solved' : 'wrong'));
  };

  /** A refused decision changes nothing (the board offers only legal moves anyway). */
  const act = (decide: (game: Game) => { ok: boolean }) => {
    const { game } = view;
    const before = playedTexts(game).length;
    if (decide(game).ok) judge(game, before);
  };

  return {
    ...view,
    move: (move: { from: string; to: string; piece: TypeName }) => act((game) => game.move(move)),
    promote: (type: TypeName) => act((game) => game.promote(type)),
    choose: (type: TypeName) => act((game) => game.choose(type)),
    retry: () => setView(viewOf(stepGame(step), 'playing')),
  };
}
