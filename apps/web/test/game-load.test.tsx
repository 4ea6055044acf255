import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import { queryKeys } from '../src/lib/query-keys.ts';
import { fakeServer, GAME_ID, gameShown, newGame, renderApp } from './helpers.tsx';

/** The game's requests answer 500 while `down.now` holds; every other call reaches the fake server. */
function failingGame() {
  const server = fakeServer(newGame());
  const down = { now: true };
  const fake = vi.mocked(globalThis.fetch).getMockImplementation();
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) =>
    down.now && String(input) === `/api/games/${GAME_ID}`
      ? new Response(JSON.stringify({ message: 'Internal server error' }), { status: 500 })
      : (fake as typeof fetch)(input, init),
  );
  return { server, down };
}

describe('a failed game load', () => {
  it('shows a sentence and a Retry button, never the raw answer, and Retry loads the game', async () => {
    const user = userEvent.setup();
    const { down } = failingGame();
    renderApp(<GameScreen gameId={GAME_ID} />);
    // The query tries four times (about 7 s) before it gives up.
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { name: 'The game could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Please try again in a moment.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Internal server error');
    down.now = false;
    await user.click(retry);
    await gameShown();
  });

  it('keeps a game it has shown when a later read of it fails (an instance lost, say)', async () => {
    const { down } = failingGame();
    down.now = false;
    const { client } = renderApp(<GameScreen gameId={GAME_ID} />);
    await gameShown();
    down.now = true;
    // The query tries four times (about 7 s), then fails; the game it had stays on the screen.
    await act(() => client.refetchQueries({ queryKey: queryKeys.game(GAME_ID) }));
    expect(client.getQueryState(queryKeys.game(GAME_ID))?.status).toBe('error');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('grid', { name: 'Chess board' })).toBeTruthy();
  });
});
