import { Game } from '@sbc/game';
import { describe, expect, it } from 'vitest';
import { GameState } from '../src/index.ts';

function game(sbfen: string, ...texts: string[]): Game {
  const created = Game.create({ sbfen, mode: 'computer' });
  if (!created.ok) throw new Error(created.error.message);
  for (const text of texts) {
    const played = created.value.playText(text);
    if (!played.ok) throw new Error(played.error.message);
  }
  return created.value;
}

describe('the game state schema', () => {
  it('accepts the states the game derives: boxes of every kind, a pending choice, a promotion', () => {
    const attacked = game('r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4', 'b7c6');
    expect(attacked.state().pendingDefenderChoice).not.toBeNull();
    const chosen = game(
      'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4',
      'b7c6',
      'sac=B',
    );
    const promoting = game('r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    promoting.move({ from: 'b7', to: 'b8' });
    for (const g of [attacked, chosen, promoting]) expect(GameState.parse(g.state())).toEqual(g.state());
  });

  it('refuses a state that breaks the shape', () => {
    const state = game('4k3/8/8/8/8/8/8/4K3 w - - 0 1').state();
    expect(GameState.safeParse({ ...state, aiDifficulty: 'impossible' }).success).toBe(false);
    expect(GameState.safeParse({ ...state, kingPositions: { white: 'e1' } }).success).toBe(false);
  });
});
