import { describe, expect, it } from 'vitest';
import { Game, replay } from '../src/index.ts';

/** A game played from `sbfen` through the move texts. */
function played(texts: string[], sbfen?: string) {
  const created = Game.create({ sbfen });
  if (!created.ok) throw new Error(created.error.message);
  for (const t of texts) {
    const r = created.value.playText(t);
    if (!r.ok) throw new Error(`${t}: ${r.error.message}`);
  }
  return created.value.state();
}

describe('replay', () => {
  it('gives the position after each move, the start first', () => {
    const state = played(['e2e4', 'e7e5', 'g1f3']);
    const states = replay(state);
    expect(states).toHaveLength(4);
    expect(states[0].sbfen).toBe(state.startSbfen);
    expect(states[2].sbfen).toBe(played(['e2e4', 'e7e5']).sbfen);
    expect(states[3].sbfen).toBe(state.sbfen);
    expect(states[1].lastMove).toMatchObject({ from: 'e2', to: 'e4' });
  });

  it('stops after the asked number of moves and plays an attack with its defender choice as one', () => {
    const start = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';
    const state = played(['b7c6', 'sac=B', 'f3e5'], start);
    const states = replay(state, 1);
    expect(states).toHaveLength(2);
    expect(states[1].sbfen).toBe('r1bqkbnr/2pp1ppp/p1(Np)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5');
    expect(states[1].pendingDefenderChoice).toBeNull();
  });
});
