import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GameAnalysis } from '../src/features/game/analysis/driver.ts';
import { EvalGraph } from '../src/features/game/analysis/EvalGraph.tsx';

const at = (score: number) => ({ score, best: 'e2e4', line: ['e4'] });
const ANALYSIS: GameAnalysis = {
  positions: [at(20), at(25), at(-400), at(-390)],
  shown: [at(20), at(25), at(-400), at(-390)],
  moves: [
    { player: 'white', judgement: null },
    { player: 'black', judgement: null },
    { player: 'white', judgement: 'blunder' },
  ],
  marks: ['', '', '??'],
};

describe('evaluation graph', () => {
  it('shows a position when its move is clicked', async () => {
    const onShow = vi.fn();
    render(<EvalGraph analysis={ANALYSIS} notations={['e4', 'e5', 'Qh5']} shownPly={3} onShow={onShow} />);
    await userEvent.click(screen.getByRole('button', { name: '2. Qh5: -3.9' }));
    expect(onShow).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: '1... e5: -4.0' }));
    expect(onShow).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Start: +0.2' }));
    expect(onShow).toHaveBeenLastCalledWith(0);
  });

  it('marks the judged moves in their colour', () => {
    const { container } = render(
      <EvalGraph analysis={ANALYSIS} notations={['e4', 'e5', 'Qh5']} shownPly={0} onShow={() => {}} />,
    );
    expect([...container.querySelectorAll('circle')].map((c) => c.getAttribute('fill'))).toEqual(['#df5353']);
  });
});
