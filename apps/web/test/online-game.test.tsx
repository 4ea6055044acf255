import type { ClockState, Room } from '@sbc/api';
import type { Game } from '@sbc/game';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_POLL_MS } from '../src/features/game/api/games.ts';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import { ADA, gameShown, label, newGame, renderApp, serve, square } from './helpers.tsx';
import {
  change,
  FakeSocket,
  fakeSockets,
  moveFrame,
  ONLINE_ID,
  onlineGame,
  openGame,
  played,
  room,
} from './live-helpers.ts';

describe('The online game screen (docs/api.md §7; docs/architecture.md §6, online games)', () => {
  beforeEach(fakeSockets);

  it('sends a move over the socket, shows it at once and takes the server’s answer', async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(newGame({ mode: 'online' })));
    expect(screen.getByRole('link', { name: 'ada' }).getAttribute('href')).toBe('/@/ada');
    expect(screen.getByText('(you)')).toBeTruthy();
    expect(screen.getByText('bob')).toBeTruthy();
    expect(screen.getByText('You play White')).toBeTruthy();
    expect(document.title).toBe('Your turn · Game · Shared Box Chess');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveProperty('disabled', true);
    await user.click(square('e2'));
    await user.click(square('e4'));
    expect(label('e4')).toMatch(/^e4, white pawn/);
    expect(socket.sentOf('game:move')).toEqual([
      { type: 'game:move', gameId: ONLINE_ID, from: 'e2', to: 'e4', piece: 'pawn', version: 0 },
    ]);
    socket.receive(moveFrame(played(['e2e4'])));
    await waitFor(() => expect(screen.getByText('Turn').nextSibling?.textContent).toBe('Black'));
    expect(document.title).toBe('Game · Shared Box Chess');
    // Black is Bob's: Ada's board offers nothing now.
    await user.click(square('d7'));
    expect(label('d7')).not.toMatch(/selected/);
  });

  it("sends a premove queued on the opponent's turn as an ordinary move when their move arrives", async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(played(['e2e4']), { version: 1 }));
    await user.click(square('g1'));
    await user.click(square('f3'));
    expect(label('f3')).toBe('f3, empty, premove');
    expect(socket.sentOf('game:move')).toEqual([]);
    socket.receive(moveFrame(played(['e2e4', 'e7e5'])));
    await waitFor(() =>
      expect(socket.sentOf('game:move')).toEqual([
        { type: 'game:move', gameId: ONLINE_ID, from: 'g1', to: 'f3', piece: 'knight', version: 2 },
      ]),
    );
    await waitFor(() => expect(label('f3')).toMatch(/^f3, white knight/));
  });

  it('shows a spectator the game read-only, with the number watching', async () => {
    const user = userEvent.setup();
    const { socket, calls } = await openGame(onlineGame(newGame({ mode: 'online' })), {
      name: 'Cy',
      id: 'guest-c',
    });
    expect(screen.getByText('You are watching as a spectator')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Game Controls' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    socket.receive({ type: 'game:spectators', gameId: ONLINE_ID, count: 3 });
    await waitFor(() => expect(screen.getByText(/^Spectators:/).textContent).toBe('Spectators: 3'));
    await user.click(square('e2'));
    expect(label('e2')).not.toMatch(/selected/);
    // A guest has no session: the game's public read, then the socket alone (no abandonment checks).
    expect(calls.filter((c) => c.url.startsWith('/api/games'))).toEqual([
      { method: 'GET', url: `/api/games/${ONLINE_ID}`, body: undefined },
    ]);
  });

  it('keeps a spectator on the earlier position they look at when a move arrives, and says so', async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(played(['e2e4', 'e7e5'])), { name: 'Cy', id: 'guest-c' });
    await user.click(screen.getByRole('button', { name: 'e4' }));
    expect(label('e5')).toMatch(/^e5, empty/);
    socket.receive(moveFrame(played(['e2e4', 'e7e5', 'g1f3'])));
    await screen.findByText(/a new move played/);
    expect(label('e5')).toMatch(/^e5, empty/);
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('e4');
    await user.click(screen.getByRole('button', { name: 'Back to live position' }));
    expect(label('f3')).toMatch(/^f3, white knight/);
    expect(screen.getByRole('button', { current: 'step' }).textContent).toBe('Nf3');
  });

  it("shows which of the room's players are connected, as the room's news says", async () => {
    const { socket } = await openGame(onlineGame(newGame({ mode: 'online' })), { name: 'Cy', id: 'guest-c' });
    const [ada] = room().players;
    const bob = { id: 'u2', name: 'bob', isHost: false, isGuest: false, connected: true, absentSince: null };
    const playing = (players: Room['players']) =>
      room({ status: 'playing', gameId: ONLINE_ID, players, spectators: 1 });
    const shown = () =>
      within(screen.getByRole('list', { name: 'Players connected' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    socket.receive({ type: 'room:state', room: playing([ada, bob]) });
    await waitFor(() => expect(shown()).toEqual(['adaconnected', 'bobconnected']));
    expect(screen.getByText(/^Spectators:/).textContent).toBe('Spectators: 1');
    socket.receive({ type: 'room:update', room: playing([ada, { ...bob, connected: false }]) });
    await waitFor(() => expect(shown()).toEqual(['adaconnected', 'bobdisconnected']));
    // Its own socket lost, the screen no longer knows.
    socket.drop();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Players connected' })).toBeNull());
  });

  it('offers a draw: Draw Pending for the requester until the opponent answers', async () => {
    const user = userEvent.setup();
    const start = onlineGame(newGame({ mode: 'online' }));
    const { socket } = await openGame(start);
    await user.click(screen.getByRole('button', { name: 'Draw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Offer a draw?' });
    await user.click(within(confirm).getByRole('button', { name: 'Request Draw' }));
    expect(socket.sentOf('game:draw_request')).toEqual([{ type: 'game:draw_request', gameId: ONLINE_ID }]);
    const pending = { ...start, version: 1, drawRequestStatus: 'pending' as const, drawRequestedBy: 'u1' };
    socket.receive({ ...change('game:state', pending), type: 'game:draw_requested', requestedBy: 'u1' });
    expect(await screen.findByText('Draw Requested')).toBeTruthy();
    expect(screen.getByText('Waiting for opponent to respond')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Draw Pending' })).toHaveProperty('disabled', true);
    socket.receive(change('game:draw_rejected', { ...pending, version: 2, drawRequestStatus: 'rejected' }));
    expect(await screen.findByText('Draw Rejected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Draw' })).toHaveProperty('disabled', false);
  });

  it('lets the opponent answer a draw offer: Respond to Draw, then Draw Request with Accept', async () => {
    const user = userEvent.setup();
    const start = onlineGame(newGame({ mode: 'online' }));
    const { socket } = await openGame(start);
    const pending = { ...start, version: 1, drawRequestStatus: 'pending' as const, drawRequestedBy: 'u2' };
    socket.receive({ ...change('game:state', pending), type: 'game:draw_requested', requestedBy: 'u2' });
    expect(await screen.findByText('Draw Request')).toBeTruthy();
    expect(screen.getByText('bob offers a draw')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Respond to Draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draw Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(socket.sentOf('game:draw_respond')).toEqual([
      { type: 'game:draw_respond', gameId: ONLINE_ID, accept: true },
    ]);
    const drawn = newGame({ mode: 'online' });
    drawn.agreeDraw();
    socket.receive(
      change(
        'game:draw_accepted',
        onlineGame(drawn, { version: 2, drawRequestStatus: 'accepted', drawRequestedBy: 'u2' }),
      ),
    );
    expect(await screen.findByText('Draw Accepted')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Game drawn by agreement.');
  });

  it('resigns through the server, then offers a rematch in the Game Over dialog', async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(newGame({ mode: 'online' })));
    await user.click(screen.getByRole('button', { name: 'Resign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resign' }));
    expect(socket.sentOf('game:resign')).toEqual([{ type: 'game:resign', gameId: ONLINE_ID }]);
    const resigned = newGame({ mode: 'online' });
    resigned.resign('white');
    const state = onlineGame(resigned, { version: 1 });
    socket.receive({
      ...change('game:state', state),
      type: 'game:resigned',
      resignedBy: 'u1',
      winnerId: 'u2',
    });
    expect(await screen.findByText('You have resigned from the game')).toBeTruthy();
    const over = await screen.findByRole('dialog', { name: 'Game Over' }, { timeout: 3000 });
    expect(within(over).getByText('White has resigned.')).toBeTruthy();
    expect(within(over).queryByRole('button', { name: 'New Game' })).toBeNull();
    await user.click(within(over).getByRole('button', { name: 'Offer Rematch' }));
    expect(socket.sentOf('game:rematch_offer')).toEqual([{ type: 'game:rematch_offer', gameId: ONLINE_ID }]);
    socket.receive({ type: 'game:rematch_offered', gameId: ONLINE_ID, offeredBy: 'u1' });
    expect((await within(over).findByRole('status')).textContent).toBe(
      'Rematch offered. Waiting for your opponent...',
    );
  });

  it("says 'You Won!' when the opponent resigns, and starts the rematch they offer", async () => {
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(newGame({ mode: 'online' })));
    const resigned = newGame({ mode: 'online' });
    resigned.resign('black');
    const state = onlineGame(resigned, { version: 1 });
    socket.receive({
      ...change('game:state', state),
      type: 'game:resigned',
      resignedBy: 'u2',
      winnerId: 'u1',
    });
    expect(await screen.findByText('You Won!')).toBeTruthy();
    socket.receive({ type: 'game:rematch_offered', gameId: ONLINE_ID, offeredBy: 'u2' });
    // The Game Over dialog opens a moment after the end, with the rematch's answers.
    const dialog = await screen.findByRole('dialog', { name: 'Game Over' });
    await user.click(await within(dialog).findByRole('button', { name: 'Accept Rematch' }));
    expect(socket.sentOf('game:rematch_respond')).toEqual([
      { type: 'game:rematch_respond', gameId: ONLINE_ID, accept: true },
    ]);
    expect(within(dialog).getByText('Loading...')).toBeTruthy();
    socket.receive({ type: 'game:start', gameId: '5b1e0000-0000-4000-8000-000000000002', roomId: 'r1' });
    expect(await screen.findByText('Game Started!')).toBeTruthy();
  });

  it("shows a rated game's ratings beside the names, then each player's change from the ending event", async () => {
    const rated = (g: Game, version: number, white: number | null, black: number | null) =>
      onlineGame(g, {
        version,
        timeControl: { kind: 'clock', minutes: 3, increment: 2 },
        rated: true,
        ratings: {
          white: { rating: 1500, provisional: true, diff: white },
          black: { rating: 1712, provisional: false, diff: black },
        },
      });
    // A spectator (a guest) sees the same as the players.
    const { socket } = await openGame(rated(newGame({ mode: 'online' }), 0, null, null), {
      name: 'Cy',
      id: 'guest-c',
    });
    const players = screen.getByRole('heading', { name: 'Players' }).parentElement as HTMLElement;
    expect(within(players).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/@/bob');
    expect(within(players).getByText('1500?')).toBeTruthy();
    expect(within(players).getByText('1712')).toBeTruthy();
    expect(within(players).queryByTestId('rating-diff')).toBeNull();
    expect(screen.getByTestId('game-mode').textContent).toBe('Rated · 3+2 • Blitz');
    const resigned = newGame({ mode: 'online' });
    resigned.resign('white');
    socket.receive({
      ...change('game:state', rated(resigned, 1, -12, 12)),
      type: 'game:resigned',
      resignedBy: 'u1',
      winnerId: 'u2',
    });
    await waitFor(() =>
      expect(
        within(players)
          .getAllByTestId('rating-diff')
          .map((d) => d.textContent),
      ).toEqual(['-12', '+12']),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Game Over' });
    const changes = within(dialog).getByRole('list', { name: 'Rating changes' });
    expect(changes.textContent).toBe('ada1500?-12bob1712+12');
  });

  it('shows a casual game as Casual, with no change at its end', async () => {
    const { socket } = await openGame(
      onlineGame(newGame({ mode: 'online' }), {
        ratings: { white: { rating: 1500, provisional: true, diff: null }, black: null },
        blackPlayerId: 'guest-b',
        blackPlayer: { username: 'Bea' },
      }),
    );
    expect(screen.getByTestId('game-mode').textContent).toBe('Casual · Untimed');
    // A guest has no profile to link to.
    expect(screen.queryByRole('link', { name: 'Bea' })).toBeNull();
    expect(screen.getByText('Bea')).toBeTruthy();
    const resigned = newGame({ mode: 'online' });
    resigned.resign('black');
    socket.receive({
      ...change('game:state', onlineGame(resigned, { version: 1 })),
      type: 'game:resigned',
      resignedBy: 'guest-b',
      winnerId: 'u1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Game Over' });
    expect(within(dialog).queryByRole('list', { name: 'Rating changes' })).toBeNull();
    expect(screen.queryByTestId('rating-diff')).toBeNull();
  });

  it("shows a flag at once: 'You Won!', the banner and Game Over with the game's message", async () => {
    const game = played(['e2e4', 'e7e5', 'g1f3']);
    const timed = (g: Game, version: number, clock: ClockState) => {
      const response = onlineGame(g, { version, timeControl: { kind: 'clock', minutes: 1, increment: 0 } });
      return { ...response, gameState: { ...response.gameState, inactivityDeadline: null, clock } };
    };
    const clock = {
      white: 41_000,
      black: 2_000,
      running: 'black' as const,
      deadline: null,
      aborts: false,
      plies: [],
    };
    const { socket } = await openGame(timed(game, 3, clock));
    expect(screen.getByRole('timer', { name: /^Black's clock: 0:0[0-2]\.\d$/ }).dataset.running).toBe('true');
    expect(screen.getByText('1+0 • Bullet')).toBeTruthy();
    const flagged = played(['e2e4', 'e7e5', 'g1f3']);
    flagged.flag();
    const state = timed(flagged, 4, { ...clock, black: 0, running: null });
    socket.receive({
      ...change('game:state', state),
      type: 'game:timeout',
      winnerId: 'u1',
      inactivePlayerId: 'u2',
    });
    expect(await screen.findByText('You Won!')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Time out! White wins!');
    expect(screen.getByRole('timer', { name: "Black's clock: 0:00.0" }).dataset.running).toBe('false');
    const dialog = await screen.findByRole('dialog', { name: 'Game Over' });
    expect(within(dialog).getByText('Time out! White wins!')).toBeTruthy();
    expect(screen.getByTestId('game-status').textContent).toBe('Out of time');
  });

  it('lets the player claim against an opponent gone 30 s from a timed game, as the room says', async () => {
    const user = userEvent.setup();
    const game = played(['e2e4', 'e7e5']);
    const response = onlineGame(game, {
      version: 2,
      timeControl: { kind: 'clock', minutes: 3, increment: 2 },
    });
    const clock = {
      white: 170_000,
      black: 175_000,
      running: 'white' as const,
      deadline: null,
      aborts: false,
      plies: [],
    };
    const { socket } = await openGame({ ...response, gameState: { ...response.gameState, clock } });
    const [ada] = room().players;
    const bob = {
      id: 'u2',
      name: 'bob',
      isHost: false,
      isGuest: false,
      connected: false,
      absentSince: Date.now() - 31_000,
    };
    socket.receive({
      type: 'room:update',
      room: room({ status: 'playing', gameId: ONLINE_ID, players: [ada, bob] }),
    });
    expect(
      await screen.findByText(
        'Your opponent left the game. You can claim victory or call it a draw, or wait.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Claim victory' }));
    expect(socket.sentOf('game:claim')).toEqual([{ type: 'game:claim', gameId: ONLINE_ID, result: 'win' }]);
    // Back within the 30 s: no notice.
    socket.receive({
      type: 'room:update',
      room: room({
        status: 'playing',
        gameId: ONLINE_ID,
        players: [ada, { ...bob, connected: true, absentSince: null }],
      }),
    });
    await waitFor(() => expect(screen.queryByText(/Your opponent left the game/)).toBeNull());
  });

  it('asks the defender in their own browser which piece to sacrifice', async () => {
    // 4...exd4 attacks White's (NB) box on d4.
    const attacked = played(['e2e3', 'e7e5', 'g1f3', 'f8c5', 'b1c3', 'c5d4', 'f3d4', 'e5d4']);
    const user = userEvent.setup();
    const { socket } = await openGame(onlineGame(attacked, { version: 8 }));
    const dialog = await screen.findByRole('dialog', { name: 'Your shared box is under attack!' });
    await user.click(within(dialog).getByRole('button', { name: 'Knight' }));
    expect(socket.sentOf('game:choose')).toEqual([
      { type: 'game:choose', gameId: ONLINE_ID, sacrifice: 'knight', version: 8 },
    ]);
  });

  it('shows the attacker that the opponent is choosing', async () => {
    const attacked = played(['e2e3', 'e7e5', 'g1f3', 'f8c5', 'b1c3', 'c5d4', 'f3d4', 'e5d4']);
    await openGame(onlineGame(attacked, { whitePlayerId: 'u2', blackPlayerId: 'u1' }));
    expect(await screen.findByText('White is choosing which piece to sacrifice...')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Your shared box is under attack!' })).toBeNull();
  });

  it('moves over HTTP and asks for the game every 2 s while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const start = onlineGame(newGame({ mode: 'online' }));
      const calls = serve({
        'GET /api/user': { status: 200, body: ADA },
        [`GET /api/games/${ONLINE_ID}`]: { status: 200, body: start },
        [`POST /api/games/${ONLINE_ID}/moves`]: {
          status: 200,
          body: { ...onlineGame(played(['e2e4']), { version: 1 }), message: null },
        },
      });
      renderApp(<GameScreen gameId={ONLINE_ID} />, `/game/${ONLINE_ID}`);
      await gameShown();
      FakeSocket.last().drop();
      const polls = () =>
        calls.filter((c) => c.method === 'GET' && c.url === `/api/games/${ONLINE_ID}`).length;
      const before = polls();
      await vi.advanceTimersByTimeAsync(GAME_POLL_MS);
      expect(polls()).toBe(before + 1);
      await user.click(square('e2'));
      await user.click(square('e4'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        from: 'e2',
        to: 'e4',
        piece: 'pawn',
        moveNumber: 1,
        player: 'white',
      });
      // Connected again: the socket's news only.
      await vi.advanceTimersByTimeAsync(3000);
      FakeSocket.last().open();
      const now = polls();
      await vi.advanceTimersByTimeAsync(3 * GAME_POLL_MS);
      expect(polls()).toBe(now);
    } finally {
      vi.useRealTimers();
    }
  });
});
