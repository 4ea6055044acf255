import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import type { ComputerPlayer } from '../src/features/game/lib/engine.ts';
import { drawScoreOf, fakeServer, GAME_ID, gameShown, newGame, renderApp } from './helpers.tsx';

/** A computer game (the human White, to move) whose engine scores the draw offer `score` for White. */
async function offerDraw(score: number) {
  const user = userEvent.setup();
  const server = fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'hard' }));
  const drawScore = vi.fn(drawScoreOf(score));
  const computer: ComputerPlayer = { bestMove: vi.fn(), drawScore };
  renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
  await gameShown();
  await user.click(screen.getByRole('button', { name: 'Draw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Offer a draw?' });
  expect(
    within(dialog).getByText('The computer accepts unless it thinks its position is better.'),
  ).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Offer Draw' }));
  return { server, drawScore };
}

const drawCalls = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.url.endsWith('/draw/request'));

describe('The computer answering a draw offer', () => {
  it('declines when its engine finds it better by more than half a pawn, and nothing changes', async () => {
    // -900 for White, the side to move: the computer is a queen up.
    const { server, drawScore } = await offerDraw(-900);
    expect(await screen.findByText('Draw Rejected')).toBeTruthy();
    expect(screen.getByText('The computer declines: it thinks its position is better.')).toBeTruthy();
    expect(drawScore).toHaveBeenCalledWith({
      sbfen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      moves: [],
      standard: false,
    });
    expect(drawCalls(server)).toEqual([]);
    expect(screen.getByTestId('game-status').textContent).toBe('Active');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Draw' })).toHaveProperty('disabled', false),
    );
  });

  it('accepts an equal position: the game ends as a draw by agreement', async () => {
    const { server } = await offerDraw(-50);
    expect(await screen.findByText('Draw Accepted')).toBeTruthy();
    await waitFor(() => expect(drawCalls(server)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('game-status').textContent).toBe('Draw'));
    expect(server.game.state().drawReason).toBe('agreement');
    expect(screen.getByText('Game drawn by agreement.')).toBeTruthy();
  });
});
