import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import type { ComputerPlayer } from '../src/features/game/lib/engine.ts';
import {
  drawScoreOf,
  fakeServer,
  GAME_ID,
  gameShown,
  label,
  newGame,
  renderApp,
  square,
} from './helpers.tsx';

const shownMove = () => screen.queryByRole('button', { current: 'step' })?.textContent ?? null;

/** A local game after 1.e4 e5 2.Nf3, served by the fake server. */
async function openGame() {
  const game = newGame();
  for (const t of ['e2e4', 'e7e5', 'g1f3']) game.playText(t);
  const server = fakeServer(game);
  renderApp(<GameScreen gameId={GAME_ID} />);
  await gameShown();
  await waitFor(() => expect(shownMove()).toBe('Nf3'));
  return server;
}

describe('Move navigation', () => {
  it('shows an earlier position on a click, read-only, and goes back to the live one', async () => {
    const user = userEvent.setup();
    const server = await openGame();
    await user.click(screen.getByRole('button', { name: 'e4' }));
    expect(shownMove()).toBe('e4');
    expect(label('e5')).toMatch(/^e5, empty/);
    expect(label('e7')).toMatch(/^e7, black pawn/);
    expect(label('g1')).toMatch(/^g1, white knight/);
    expect(screen.getByText(/Move 1 of 3/)).toBeTruthy();
    // Read-only: a black pawn's move is offered live (Black to move) but not here.
    await user.click(square('d7'));
    await user.click(square('d5'));
    expect(label('d5')).toMatch(/^d5, empty/);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back to live position' }));
    expect(shownMove()).toBe('Nf3');
    expect(label('f3')).toMatch(/^f3, white knight/);
    expect(screen.queryByText(/the board is read-only/)).toBeNull();
  });

  it('follows the live position again once an undo takes back the shown move', async () => {
    const user = userEvent.setup();
    await openGame();
    await user.click(screen.getByRole('button', { name: 'e5' }));
    expect(screen.getByText(/Move 2 of 3/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nf3' })).toBeNull());
    expect(screen.queryByText(/the board is read-only/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(shownMove()).toBe('Nf3'));
    expect(screen.queryByText(/the board is read-only/)).toBeNull();
  });

  it('steps with ← → Home End, but not while typing in a field', async () => {
    const user = userEvent.setup();
    await openGame();
    await user.keyboard('{ArrowLeft}');
    expect(shownMove()).toBe('e5');
    expect(label('f3')).toMatch(/^f3, empty/);
    await user.keyboard('{Home}');
    expect(shownMove()).toBeNull();
    expect(screen.getByText(/Start position/)).toBeTruthy();
    expect(label('e2')).toMatch(/^e2, white pawn/);
    await user.keyboard('{ArrowRight}');
    expect(shownMove()).toBe('e4');
    await user.keyboard('{End}');
    expect(shownMove()).toBe('Nf3');
    expect(screen.queryByText(/the board is read-only/)).toBeNull();

    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(shownMove()).toBe('Nf3');
    field.remove();
  });

  it('stays on the shown position when a move arrives, and says so', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const user = userEvent.setup();
    fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'easy' }));
    const computer: ComputerPlayer = {
      drawScore: drawScoreOf(0),
      bestMove: () => ({ answer: Promise.resolve('e7e5'), cancel: () => {} }),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    await user.click(square('e2'));
    await user.click(square('e4'));
    await waitFor(() => expect(shownMove()).toBe('e4'));
    await user.keyboard('{Home}');
    expect(label('e4')).toMatch(/^e4, empty/);
    expect(await screen.findByText(/a new move played/, {}, { timeout: 5000 })).toBeTruthy();
    expect(label('e4')).toMatch(/^e4, empty/);
    expect(label('e5')).toMatch(/^e5, empty/);
    await user.keyboard('{End}');
    expect(shownMove()).toBe('e5');
    expect(label('e5')).toMatch(/^e5, black pawn/);
  });
  it('keeps a premove queued while an earlier position is shown, and plays it back at the live one', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const user = userEvent.setup();
    fakeServer(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'easy' }));
    let answer: ((move: string) => void) | undefined;
    const computer: ComputerPlayer = {
      drawScore: drawScoreOf(0),
      bestMove: () => ({
        answer: new Promise<string>((resolve) => {
          answer = resolve;
        }),
        cancel: () => {},
      }),
    };
    renderApp(<GameScreen gameId={GAME_ID} computer={computer} />);
    await gameShown();
    await user.click(square('e2'));
    await user.click(square('e4'));
    await waitFor(() => expect(answer).toBeDefined(), { timeout: 5000 });
    await user.click(square('g1'));
    await user.click(square('f3'));
    expect(label('f3')).toMatch(/premove$/);
    await user.keyboard('{Home}');
    answer?.('e7e5');
    // The computer's move arrives while the start is shown: the premove waits, offered nothing new.
    expect(await screen.findByText(/a new move played/, {}, { timeout: 5000 })).toBeTruthy();
    expect(label('d2')).not.toMatch(/possible/);
    await user.keyboard('{End}');
    await waitFor(() => expect(shownMove()).toBe('Nf3'), { timeout: 5000 });
    expect(label('f3')).toMatch(/^f3, white knight/);
  });
});
