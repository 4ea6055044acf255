import type { ServerGameState } from '@sbc/api';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { formatClock, useInactivity } from '../src/features/game/hooks/useInactivity.ts';
import { gameResponse, newGame } from './helpers.tsx';

function Clock({ state, refetch }: { state: ServerGameState; refetch: () => void }) {
  const { remaining } = useInactivity('g1', state, refetch);
  return <output data-testid="clock">{remaining === null ? 'none' : formatClock(remaining)}</output>;
}

describe('inactivity timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('[]', { status: 200 }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down, warns at 60 and 30 seconds, and checks with the server at 0', async () => {
    const state = gameResponse(newGame()).gameState;
    state.inactivityDeadline = Date.now() + 62_000;
    const refetch = vi.fn();
    render(
      <>
        <Clock state={state} refetch={refetch} />
        <Toaster />
      </>,
    );
    expect(screen.getByTestId('clock').textContent).toBe('1:02');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('clock').textContent).toBe('1:00');
    expect(screen.getByText('Inactivity Warning')).toBeTruthy();
    expect(screen.getByText('Game will be abandoned in 60 seconds if no move is made!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('Game About to be Abandoned!')).toBeTruthy();
    expect(screen.getByText('Only 30 seconds left to make a move!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('Game Abandoned!')).toBeTruthy();
    expect(screen.getByText('White took too long and the game was abandoned!')).toBeTruthy();
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      '/api/games/check-abandoned',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(refetch).toHaveBeenCalled();
  });

  it('counts a new deadline from now, even when moves come faster than the clock ticks', async () => {
    const state = gameResponse(newGame()).gameState;
    const fresh = () => ({ ...state, inactivityDeadline: Date.now() + 300_000 });
    const { rerender } = render(<Clock state={fresh()} refetch={() => {}} />);
    for (let move = 0; move < 6; move++) {
      await act(() => vi.advanceTimersByTimeAsync(500));
      rerender(<Clock state={fresh()} refetch={() => {}} />);
    }
    expect(screen.getByTestId('clock').textContent).toBe('5:00');
  });

  it('renders once when it mounts: the first render has read the clock', () => {
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 7)); // every read is later
    const state = { ...gameResponse(newGame()).gameState, inactivityDeadline: clock + 300_000 };
    let renders = 0;
    const refetch = () => {};
    const Counted = () => {
      renders++;
      return <output>{useInactivity('g1', state, refetch).remaining}</output>;
    };
    render(<Counted />);
    expect(renders).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('300');
  });

  it('shows nothing once the game is over', () => {
    const game = newGame();
    game.resign();
    render(<Clock state={gameResponse(game).gameState} refetch={() => {}} />);
    expect(screen.getByTestId('clock').textContent).toBe('none');
  });
});
