import type { CurrentGame, Page } from '@sbc/api';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CurrentGamesPage } from '../src/features/lobby/pages.ts';
import { renderApp, serve } from './helpers.tsx';
import { FakeSocket, fakeSockets } from './live-helpers.ts';

const ID = '5b1e0000-0000-4000-8000-0000000000c1';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

const game: CurrentGame = {
  id: ID,
  white: { id: 'u1', name: 'ada', isGuest: false, rating: { rating: 1500, provisional: true } },
  black: { id: 'guest-c', name: 'Cy', isGuest: true, rating: null },
  timeControl: { kind: 'clock', minutes: 3, increment: 0 },
  speed: 'blitz',
  moveCount: 0,
  sbfen: START,
  lastMove: null,
  clock: null,
  spectators: 2,
  rated: true,
  createdAt: 1,
};
const page = (items: CurrentGame[]): Page<CurrentGame> => ({
  items,
  page: 1,
  pageSize: 50,
  total: items.length,
  totalPages: 1,
});

/** A thumbnail as text: the position it shows. */
const renderBoard = ({ sbfen, label }: { sbfen: string; label: string }) => <p>{`${label}: ${sbfen}`}</p>;

describe('Current games (/games)', () => {
  beforeEach(fakeSockets);

  it('shows each live game as a card, follows their positions over the socket, and links each to its game and its players to their profiles', async () => {
    serve({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/games/live?page=1': { status: 200, body: page([game]) },
    });
    renderApp(<CurrentGamesPage renderBoard={renderBoard} />, '/games');
    const card = (await screen.findByRole('link', { name: 'ada vs Cy' })).closest('article') as HTMLElement;
    expect(card.textContent).toContain('3+0 · Blitz · Rated · 0 moves · 2 watching');
    expect(within(card).getByText('(guest)')).toBeTruthy();
    expect(within(card).getByText('1500?')).toBeTruthy();
    expect(within(card).getByText(`ada vs Cy: ${START}`)).toBeTruthy();
    // The game's link, and the signed-in player's profile (a guest has none).
    expect(
      within(card)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`/game/${ID}`, '/@/ada']);
    FakeSocket.last().open();
    await waitFor(() =>
      expect(FakeSocket.last().sentOf('games:watch').at(-1)).toEqual({ type: 'games:watch', gameIds: [ID] }),
    );
    expect(FakeSocket.last().sentOf('lobby:watch')).toEqual([]);
    FakeSocket.last().receive({
      type: 'game:fen',
      gameId: ID,
      sbfen: AFTER_E4,
      lastMove: { from: 'e2', to: 'e4' },
      moveCount: 1,
      turn: 'black',
      over: false,
      clock: null,
    });
    expect(within(card).getByText(`ada vs Cy: ${AFTER_E4}`)).toBeTruthy();
    expect(card.textContent).toContain('1 move · 2 watching');
  });

  it('says so when no game is being played, with a way to play', async () => {
    serve({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/games/live?page=1': { status: 200, body: page([]) },
    });
    renderApp(<CurrentGamesPage renderBoard={renderBoard} />, '/games');
    const empty = (await screen.findByText('No games are being played right now.'))
      .parentElement as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Play online' }).getAttribute('href')).toBe('/');
  });
});
