import type { Room } from '@sbc/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../src/app/App.tsx';
import { useToasts } from '../src/components/ui/toast-store.ts';
import { knownGuest } from '../src/features/live/index.ts';
import { ROOM_POLL_MS } from '../src/features/rooms/api/rooms.ts';
import { GAME_START_PAUSE_MS } from '../src/features/rooms/components/SeatedLobby.tsx';
import { MultiplayerDialog, RoomLobby } from '../src/features/rooms/pages.ts';
import { createQueryClient } from '../src/lib/queryClient.ts';
import { ADA, type Route, serve } from './helpers.tsx';
import { FakeSocket, fakeSockets, ONLINE_ID, room } from './live-helpers.ts';

const SIGNED_OUT: Route = { status: 401, body: { message: 'Not signed in' } };
const BOB = { id: 'guest-b', name: 'Bob', isHost: false, isGuest: true, connected: true, absentSince: null };

function Lobby() {
  return <RoomLobby code={useParams().code} />;
}

function GamePage() {
  return <h1>Game {useParams().id}</h1>;
}

/** Every toast title shown, in order (one shows at a time: a later one hides an earlier). */
let toastsShown: string[] = [];
beforeEach(() => {
  toastsShown = [];
});
function ToastLog() {
  const toasts = useToasts();
  useEffect(() => {
    for (const t of toasts) if (toastsShown.at(-1) !== t.title) toastsShown.push(t.title);
  }, [toasts]);
  return null;
}

/** The lobby and the dialog among the pages they lead to, with the server's answers `routes`. */
function renderAt(path: string, routes: Record<string, Route>, signedIn = true) {
  const calls = serve({ 'GET /api/user': signedIn ? { status: 200, body: ADA } : SIGNED_OUT, ...routes });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/room/:code', element: <Lobby /> },
      { path: '/game/:id', element: <GamePage /> },
      { path: '/dialog', element: <MultiplayerDialog open onOpenChange={() => {}} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers client={createQueryClient()}>
      <ToastLog />
      <RouterProvider router={router} />
    </Providers>,
  );
  return { calls, router };
}

describe('Multiplayer Room dialog (docs/api.md §7; docs/architecture.md §6, rooms)', () => {
  it('creates a room for a visitor who gives a name, and goes to its lobby', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderAt(
      '/dialog',
      {
        'POST /api/rooms': {
          status: 201,
          body: room({ hostUserId: 'guest-b', players: [{ ...BOB, isHost: true }] }),
        },
      },
      false,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Multiplayer Room' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(
      await within(dialog).findByText('Please enter your name to create a room as a guest'),
    ).toBeTruthy();
    const name = within(dialog).getByLabelText('Your name');
    expect(name.getAttribute('maxlength')).toBe('20');
    await user.type(name, 'Bob');
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await screen.findByText('Room Created')).toBeTruthy();
    expect(screen.getByText('Room code: K7QM2X')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ displayName: 'Bob' });
    expect(router.state.location.pathname).toBe('/room/K7QM2X');
    expect(knownGuest()).toEqual({ name: 'Bob', id: 'guest-b' });
  });

  it('sends no body for a signed-in user, whose account is the name', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('/dialog', { 'POST /api/rooms': { status: 201, body: room() } });
    const dialog = await screen.findByRole('dialog', { name: 'Multiplayer Room' });
    await waitFor(() => expect(within(dialog).queryByLabelText('Your name')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    await screen.findByText('Room Created');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/rooms',
      body: undefined,
    });
  });

  it('joins with the code upper-cased as typed, checked by the shared schema', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderAt(
      '/dialog',
      {
        'POST /api/rooms/join': (body) =>
          (body as { roomCode: string }).roomCode === 'K7QM2X'
            ? { status: 200, body: room({ players: [room().players[0], BOB] }) }
            : { status: 404, body: { message: 'Room not found' } },
      },
      false,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Multiplayer Room' });
    await user.click(within(dialog).getByRole('tab', { name: 'Join Room' }));
    const code = within(dialog).getByLabelText('Room code') as HTMLInputElement;
    expect(code.maxLength).toBe(8);
    await user.click(within(dialog).getByRole('button', { name: 'Join Room' }));
    expect(await within(dialog).findByText('Please enter a room code')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your name to join as a guest')).toBeTruthy();
    await user.type(code, 'ab-1');
    await user.type(within(dialog).getByLabelText('Your name'), 'Bob');
    await user.click(within(dialog).getByRole('button', { name: 'Join Room' }));
    expect(await within(dialog).findByText('A room code is letters and digits')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'zz9');
    expect(code.value).toBe('ZZ9');
    await user.click(within(dialog).getByRole('button', { name: 'Join Room' }));
    expect(await screen.findByText('Failed to join room')).toBeTruthy();
    expect(screen.getByText('Room not found')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'k7qm2x');
    await user.click(within(dialog).getByRole('button', { name: 'Join Room' }));
    expect(await screen.findByText('Joined Room')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      roomCode: 'K7QM2X',
      guestName: 'Bob',
    });
    expect(router.state.location.pathname).toBe('/room/K7QM2X');
    expect(knownGuest()).toEqual({ name: 'Bob', id: 'guest-b' });
  });
});

describe('Room lobby (docs/architecture.md §6, rooms)', () => {
  beforeEach(fakeSockets);

  it("says 'Invalid Room Code' for what cannot be a code", async () => {
    renderAt('/room/ab-1', {});
    expect(await screen.findByRole('heading', { name: 'Invalid Room Code' })).toBeTruthy();
  });

  it("says 'Room not found' for an unknown code, with the way back home", async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/room/zz9', {});
    expect(await screen.findByRole('heading', { name: 'Room not found' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the host the code, the connection, the colour choice and the players while waiting', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = renderAt('/room/k7qm2x', {
      'GET /api/rooms/K7QM2X': { status: 200, body: room() },
      'PATCH /api/rooms/K7QM2X/color': (body) => ({
        status: 200,
        body: room({ hostIsWhite: (body as { hostIsWhite: 0 | 1 }).hostIsWhite }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'K7QM2X' })).toBeTruthy();
    expect(screen.getByText('Disconnected')).toBeTruthy();
    FakeSocket.last().open();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(FakeSocket.last().sent).toEqual([{ type: 'room:join', code: 'K7QM2X', displayName: 'ada' }]);
    expect(screen.getByRole('heading', { name: 'Players (1/2)' })).toBeTruthy();
    expect(screen.getByText('Host')).toBeTruthy();
    expect(screen.getByText('Waiting for another player...')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy Code' }));
    expect(writeText).toHaveBeenCalledWith('K7QM2X');
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'White (moves first)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('radio', { name: 'Black' }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Black' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ hostIsWhite: 0 });
  });

  it('lets the host choose the time control while the room waits, and shows it to the joiner', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('/room/K7QM2X', {
      'GET /api/rooms/K7QM2X': { status: 200, body: room() },
      'POST /api/rooms/K7QM2X/time-control': (body) => ({
        status: 200,
        body: room({ timeControl: (body as { timeControl: Room['timeControl'] }).timeControl }),
      }),
    });
    await screen.findByText('Waiting for another player...');
    expect(screen.getByText('Untimed', { selector: 'span' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^3\+2/ }));
    await waitFor(() => expect(screen.getByText('3+2 • Blitz', { selector: 'span' })).toBeTruthy());
    expect(screen.getByRole('button', { name: /^3\+2/ }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.url.endsWith('/time-control'))?.body).toEqual({
      timeControl: { kind: 'clock', minutes: 3, increment: 2 },
      rated: false,
    });
    // The joiner sees the choice and cannot change it.
    FakeSocket.last().open();
    const joined = room({
      hostUserId: 'u2',
      players: [
        { ...BOB, id: 'u2', isHost: true },
        { ...room().players[0], isHost: false },
      ],
      timeControl: { kind: 'correspondence', days: 3 },
    });
    FakeSocket.last().receive({ type: 'room:update', room: joined });
    expect(await screen.findByText('3 days • Correspondence', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Correspondence' })).toBeNull();
  });

  it('lets a signed-in host choose Rated beside a clock (casual first), sent with the time control', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('/room/K7QM2X', {
      'GET /api/rooms/K7QM2X': { status: 200, body: room() },
      'POST /api/rooms/K7QM2X/time-control': (body) => ({ status: 200, body: room(body as Partial<Room>) }),
    });
    await screen.findByText('Waiting for another player...');
    expect(screen.getByText('Casual', { selector: 'span' })).toBeTruthy();
    // No rated game without a clock.
    expect(screen.queryByRole('radio', { name: 'Rated' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^3\+2/ }));
    const rated = await screen.findByRole('radio', { name: 'Rated' });
    expect(screen.getByRole('radio', { name: 'Casual' })).toHaveProperty('checked', true);
    await user.click(rated);
    await waitFor(() => expect(screen.getByText('Rated', { selector: 'span' })).toBeTruthy());
    const sent = calls.filter((c) => c.url.endsWith('/time-control')).map((c) => c.body);
    expect(sent.at(-1)).toEqual({ timeControl: { kind: 'clock', minutes: 3, increment: 2 }, rated: true });
    // Back to untimed: casual again.
    await user.click(screen.getByRole('button', { name: 'Untimed' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Rated' })).toBeNull());
    expect(calls.filter((c) => c.url.endsWith('/time-control')).at(-1)?.body).toEqual({
      timeControl: { kind: 'untimed' },
      rated: false,
    });
    // A guest who joins makes the game casual, and the room says so.
    FakeSocket.last().open();
    const joined = room({ rated: true, players: [room().players[0], BOB] });
    FakeSocket.last().receive({ type: 'room:player_joined', player: BOB, room: joined });
    expect(await screen.findByText('Casual (a guest plays no rated game)')).toBeTruthy();
  });

  it('at two players says Starting game..., then goes to the game with Game Started!', async () => {
    const { router } = renderAt('/room/K7QM2X', { 'GET /api/rooms/K7QM2X': { status: 200, body: room() } });
    await screen.findByText('Waiting for another player...');
    FakeSocket.last().open();
    const two = room({ players: [room().players[0], BOB] });
    FakeSocket.last().receive({ type: 'room:player_joined', player: BOB, room: two });
    // The data cache tells its screens a moment later.
    expect(await screen.findByText('Starting game...')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Players (2/2)' })).toBeTruthy();
    expect(screen.getByText('Guest')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Black' })).toBeNull();
    FakeSocket.last().receive({ type: 'game:start', gameId: ONLINE_ID, roomId: 'r1' });
    expect(await screen.findByText('Game Started!')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/game/${ONLINE_ID}`);
  });

  it("tells who left the room, and leaves it with 'Left Room'", async () => {
    const user = userEvent.setup();
    const two = room({ players: [room().players[0], BOB] });
    const { router, calls } = renderAt('/room/K7QM2X', {
      'GET /api/rooms/K7QM2X': { status: 200, body: two },
      'POST /api/rooms/K7QM2X/leave': { status: 200, body: { success: true, message: 'Left room' } },
    });
    await screen.findByText('Starting game...');
    FakeSocket.last().open();
    FakeSocket.last().receive({ type: 'room:player_left', playerName: 'Bob', room: room() });
    expect(await screen.findByText('Bob left the room')).toBeTruthy();
    expect(screen.getByText('Waiting for another player...')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave Room' }));
    expect(await screen.findByText('Left Room')).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/api/rooms/K7QM2X/leave');
    expect(router.state.location.pathname).toBe('/');
  });

  it("leaves quietly: no join of the room just left, nor the leaver's own 'left the room', only 'Left Room'", async () => {
    const user = userEvent.setup();
    const two = room({ players: [room().players[0], BOB] });
    const withoutAda = room({ hostUserId: BOB.id, players: [{ ...BOB, isHost: true }] });
    const { router, calls } = renderAt('/room/K7QM2X', {
      'GET /api/rooms/K7QM2X': { status: 200, body: two },
      // The server tells the room's sockets, the leaver's among them, before it answers.
      'POST /api/rooms/K7QM2X/leave': () => {
        FakeSocket.last().receive({ type: 'room:player_left', playerName: 'ada', room: withoutAda });
        return { status: 200, body: { success: true, message: 'Left room' } };
      },
      'POST /api/rooms/join': { status: 404, body: { message: 'Room not found' } },
    });
    await screen.findByText('Starting game...');
    FakeSocket.last().open();
    await user.click(screen.getByRole('button', { name: 'Leave Room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Left Room')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/rooms/K7QM2X/leave']);
    expect(toastsShown).toEqual(['Left Room']);
    expect(FakeSocket.last().readyState).toBe(FakeSocket.CLOSED);
  });

  it('asks the room again every 5 s, and goes to its game should the socket miss the start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer = room();
      const { calls, router } = renderAt('/room/K7QM2X', {
        'GET /api/rooms/K7QM2X': () => ({ status: 200, body: answer }),
      });
      await screen.findByText('Waiting for another player...');
      const polls = () => calls.filter((c) => c.url === '/api/rooms/K7QM2X').length;
      expect(polls()).toBe(1);
      answer = room({ players: [room().players[0], BOB], status: 'playing', gameId: ONLINE_ID });
      await vi.advanceTimersByTimeAsync(ROOM_POLL_MS + GAME_START_PAUSE_MS);
      await waitFor(() => expect(router.state.location.pathname).toBe(`/game/${ONLINE_ID}`));
      expect(polls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('seats a visitor who gives a name', async () => {
    const user = userEvent.setup();
    const calls = renderAt(
      '/room/K7QM2X',
      {
        'GET /api/rooms/K7QM2X': { status: 200, body: room() },
        'POST /api/rooms/join': { status: 200, body: room({ players: [room().players[0], BOB] }) },
      },
      false,
    ).calls;
    await user.type(await screen.findByLabelText('Your name'), 'Bob');
    await user.click(screen.getByRole('button', { name: 'Join Room' }));
    expect(await screen.findByText('Joined Room')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ roomCode: 'K7QM2X', guestName: 'Bob' });
    expect(await screen.findByText('Starting game...')).toBeTruthy();
    expect(screen.getByText('(you)').parentElement?.textContent).toBe('Bob (you)');
  });

  it("shows the player whose join starts the game 'Joined Room', then 'Game Started!'", async () => {
    const host = { ...BOB, id: 'u2', name: 'bob', isGuest: false, isHost: true };
    const ada = { ...room().players[0], isHost: false };
    const { router, calls } = renderAt('/room/K7QM2X', {
      'GET /api/rooms/K7QM2X': { status: 200, body: room({ hostUserId: 'u2', players: [host] }) },
      'POST /api/rooms/join': {
        status: 200,
        body: room({ hostUserId: 'u2', players: [host, ada], status: 'playing', gameId: ONLINE_ID }),
      },
    });
    // Signed in, Ada sits down at once, from the link.
    expect(await screen.findByText('Joined Room')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ roomCode: 'K7QM2X' });
    expect(screen.getByText('Starting game...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/room/K7QM2X');
    expect(await screen.findByText('Game Started!')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/game/${ONLINE_ID}`);
    expect(toastsShown).toEqual(['Joined Room', 'Game Started!']);
  });

  it('offers a signed-in third player the game to watch', async () => {
    const user = userEvent.setup();
    const full = room({
      hostUserId: 'u2',
      players: [
        { ...BOB, id: 'u2', isHost: true },
        { ...BOB, id: 'u3', name: 'Cy' },
      ],
      status: 'playing',
      gameId: ONLINE_ID,
    });
    const { router } = renderAt('/room/K7QM2X', { 'GET /api/rooms/K7QM2X': { status: 200, body: full } });
    expect(await screen.findByText('This room is full. You can watch the game instead.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Watch Game' }));
    expect(router.state.location.pathname).toBe(`/game/${ONLINE_ID}`);
  });
});

describe('Too many wrong room codes (docs/api.md §7, Limits)', () => {
  beforeEach(fakeSockets);
  const LIMITED = {
    status: 429,
    body: { code: 'rateLimited', message: 'Too many wrong room codes. Please try again in 15 minutes.' },
  };

  it('says so in the lobby, with when to try again and the way back home', async () => {
    renderAt('/room/K7QM2X', { 'GET /api/rooms/K7QM2X': LIMITED });
    expect(await screen.findByRole('heading', { name: 'The room could not be loaded' })).toBeTruthy();
    expect(screen.getByText(LIMITED.body.message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
  });

  it('says so in the dialog when a join is refused', async () => {
    const user = userEvent.setup();
    renderAt('/dialog', { 'POST /api/rooms/join': LIMITED });
    const dialog = await screen.findByRole('dialog', { name: 'Multiplayer Room' });
    await user.click(within(dialog).getByRole('tab', { name: 'Join Room' }));
    await user.type(within(dialog).getByLabelText('Room code'), 'K7QM2X');
    await user.click(within(dialog).getByRole('button', { name: 'Join Room' }));
    expect(await screen.findByText('Failed to join room')).toBeTruthy();
    expect(screen.getByText(LIMITED.body.message)).toBeTruthy();
  });
});
