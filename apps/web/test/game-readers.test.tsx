import type { GameResponse } from '@sbc/api';
import type { Game } from '@sbc/game';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_POLL_MS } from '../src/features/game/api/games.ts';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import {
  ADA,
  GAME_ID,
  gameResponse,
  gameShown,
  label,
  newGame,
  renderApp,
  serve,
  square,
} from './helpers.tsx';
import { FakeSocket, fakeSockets, ONLINE_ID, onlineGame } from './live-helpers.ts';

const SIGNED_OUT = { status: 401, body: { message: 'Not signed in' } };

const played = (game: Game, texts: string[]): Game => {
  for (const t of texts) {
    const r = game.playText(t);
    if (!r.ok) throw new Error(r.error.message);
  }
  return game;
};
const online = (texts: string[], version = texts.length) =>
  onlineGame(played(newGame({ mode: 'online' }), texts), { version });

/** The server reads the game, changing as `answer` does, to whoever asks (docs/api.md §5). */
function readable(answer: () => GameResponse, user: typeof SIGNED_OUT | { status: 200; body: unknown }) {
  return serve({
    'GET /api/user': user,
    [`GET /api/games/${answer().id}`]: () => ({ status: 200, body: answer() }),
  });
}

describe("an online game's page is readable by its link (docs/api.md §5, who may read)", () => {
  beforeEach(fakeSockets);

  it('shows a guest the game from its read at once, before the socket says anything', async () => {
    localStorage.setItem('sbc.guest', JSON.stringify({ name: 'Cy', id: 'guest-c' }));
    readable(() => online(['e2e4', 'e7e5']), SIGNED_OUT);
    renderApp(<GameScreen gameId={ONLINE_ID} signedIn={false} />, `/game/${ONLINE_ID}`);
    await gameShown();
    expect(FakeSocket.last().readyState).toBe(FakeSocket.CONNECTING);
    expect(label('e5')).toMatch(/^e5, black pawn/);
    expect(screen.getByText('You are watching as a spectator')).toBeTruthy();
  });

  it('lets a visitor who never sat down watch over the socket, and read the game every 2 s while it is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = online(['e2e4']);
      const calls = readable(() => answer, SIGNED_OUT);
      renderApp(<GameScreen gameId={ONLINE_ID} signedIn={false} />, `/game/${ONLINE_ID}`);
      await gameShown();
      expect(label('e4')).toMatch(/^e4, white pawn/);
      // A visitor's socket may watch: it follows the game like anyone's.
      expect(FakeSocket.last().sentOf('game:watch')).toEqual([]);
      FakeSocket.last().open();
      expect(FakeSocket.last().sentOf('game:watch')).toEqual([{ type: 'game:watch', gameId: ONLINE_ID }]);
      expect(screen.getByText('You are watching as a spectator')).toBeTruthy();
      FakeSocket.last().drop();
      answer = online(['e2e4', 'e7e5']);
      await vi.advanceTimersByTimeAsync(GAME_POLL_MS);
      await waitFor(() => expect(label('e5')).toMatch(/^e5, black pawn/));
      expect(calls.every((c) => c.method === 'GET')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows an admin another user's computer game read-only: board and history, no controls", async () => {
    const user = userEvent.setup();
    const admin = { ...ADA, id: 'u9', username: 'root', isAdmin: true };
    // Ada's game, the computer (black) to move.
    const game = gameResponse(
      played(newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'easy' }), ['e2e4']),
    );
    const calls = readable(() => game, { status: 200, body: admin });
    renderApp(<GameScreen gameId={GAME_ID} />, `/game/${GAME_ID}`);
    await gameShown();
    expect(screen.getByRole('button', { name: 'e4' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Game Controls' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    expect(screen.queryByText('Computer is thinking...')).toBeNull();
    await user.click(square('e7'));
    expect(label('e7')).not.toMatch(/selected/);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(FakeSocket.all).toEqual([]);
  });
});
