import {
  GUEST_NAME_FOR_LOBBY,
  type LobbyState,
  type PoolCount,
  type Seek,
  type ServerMessage,
} from '@sbc/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../src/app/App.tsx';
import { useSession } from '../src/features/auth/index.ts';
import { LobbyLive, PlayOnline } from '../src/features/lobby/index.ts';
import { lobbyReducer } from '../src/features/lobby/lib/lobby.ts';
import { countsText } from '../src/features/lobby/lib/pools.ts';
import { createQueryClient } from '../src/lib/queryClient.ts';
import { ADA, type Route, serve } from './helpers.tsx';
import { FakeSocket, fakeSockets } from './live-helpers.ts';

const GAME = '5b1e0000-0000-4000-8000-0000000000aa';
const SIGNED_OUT = { status: 401, body: { message: 'Not signed in' } };

const player = (id: string, name: string) => ({ id, name, isGuest: id.startsWith('guest-'), rating: null });
const seek = (id: string, extra: Partial<Seek> = {}): Seek => ({
  id,
  kind: 'custom',
  player: player('u2', 'Bob'),
  timeControl: { kind: 'clock', minutes: 5, increment: 3 },
  speed: 'blitz',
  color: 'random',
  rated: false,
  ratingRange: null,
  createdAt: 1,
  ...extra,
});
const poolSeek = (id: string, minutes: number, increment: number): Seek =>
  seek(id, {
    kind: 'pool',
    player: player('u1', 'ada'),
    timeControl: { kind: 'clock', minutes, increment },
  });
const pool = (key: string, waiting: number, playing: number): PoolCount => ({
  pool: key,
  speed: 'blitz',
  waiting,
  playing,
});
const EMPTY: LobbyState = { pools: [], seeks: [], mine: [] };

describe('the lobby state (lobby:state, lobby:seek, lobby:unseek, lobby:pools)', () => {
  it('takes the whole state, then its changes; a change before the state has nothing to apply to', () => {
    expect(lobbyReducer(null, { type: 'lobby:seek', seek: seek('s1') })).toBeNull();
    const state = lobbyReducer(null, { type: 'lobby:state', ...EMPTY, seeks: [seek('s1')] });
    const two = lobbyReducer(state, { type: 'lobby:seek', seek: seek('s2') });
    expect(two?.seeks.map((s) => s.id)).toEqual(['s2', 's1']);
    // The same seek twice (the answer and the socket's news) is listed once.
    expect(lobbyReducer(two, { type: 'lobby:seek', seek: seek('s1') })?.seeks.map((s) => s.id)).toEqual([
      's1',
      's2',
    ]);
    expect(lobbyReducer(two, { type: 'lobby:unseek', seekId: 's2' })?.seeks.map((s) => s.id)).toEqual(['s1']);
    expect(lobbyReducer(two, { type: 'lobby:unseek', seekId: 'nope' })?.seeks).toHaveLength(2);
  });

  it("replaces the tiles' counts, and keeps the player's own seeks until they end", () => {
    const state = lobbyReducer(null, { type: 'lobby:state', ...EMPTY, pools: [pool('3+0', 1, 0)] });
    expect(lobbyReducer(state, { type: 'lobby:pools', pools: [pool('3+0', 2, 4)] })?.pools).toEqual([
      pool('3+0', 2, 4),
    ]);
    const mine = lobbyReducer(state, { type: 'mine', seek: poolSeek('p1', 3, 0) });
    expect(mine?.mine.map((s) => s.id)).toEqual(['p1']);
    // A pool seek is counted on its tile, not listed.
    expect(mine?.seeks).toEqual([]);
    const custom = lobbyReducer(mine, { type: 'mine', seek: seek('c1', { player: player('u1', 'ada') }) });
    expect(custom?.seeks.map((s) => s.id)).toEqual(['c1']);
    const ended = lobbyReducer(custom, { type: 'lobby:unseek', seekId: 'p1' });
    expect(ended?.mine.map((s) => s.id)).toEqual(['c1']);
  });

  it("writes a tile's counts as 'N waiting · M playing'", () => {
    expect(countsText(pool('1+0', 3, 4))).toBe('3 waiting · 4 playing');
    expect(countsText(undefined)).toBe('0 waiting · 0 playing');
  });
});

function GamePage() {
  return <p>Game {useParams().id}</p>;
}

/** Play online once the session is known, as the app's home and landing page show it. */
function Start() {
  const { isLoading } = useSession();
  return isLoading ? null : (
    <LobbyLive>
      <PlayOnline />
    </LobbyLive>
  );
}

/**
 * Play online on a page of its own, and the game page it goes to; resolves once it shows and its
 * socket has opened (once the browser is idle).
 */
async function renderLobby() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Start /> },
      { path: '/game/:id', element: <GamePage /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  await screen.findByRole('list', { name: 'Quick pairing' });
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  return router;
}

const tile = (key: string) =>
  screen.getByRole('button', { name: new RegExp(`^${key.replace('+', '\\+')} `) });
const tiles = () => within(screen.getByRole('list', { name: 'Quick pairing' }));

function lobbyServer(routes: Record<string, Route>, user: Route = { status: 200, body: ADA }) {
  return serve({
    'GET /api/user': user,
    'GET /api/lobby': { status: 200, body: { ...EMPTY, pools: [pool('3+0', 2, 4)] } },
    ...routes,
  });
}

const socketSays = (message: ServerMessage) => FakeSocket.last().receive(message);

describe('Play online', () => {
  beforeEach(() => {
    fakeSockets();
    localStorage.clear();
  });

  it('shows a tile a preset with its speed and counts, in order, and follows the counts live', async () => {
    lobbyServer({});
    await renderLobby();
    await waitFor(() => expect(tile('3+0').textContent).toBe('3+0 Blitz 2 waiting · 4 playing'));
    const names = tiles()
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names[0]).toMatch(/^1\+0 Bullet/);
    expect(names[10]).toMatch(/^30\+20 Classical/);
    expect(names[11]).toMatch(/^Create a game/);
    FakeSocket.last().open();
    expect(FakeSocket.last().sentOf('lobby:watch')).toHaveLength(1);
    socketSays({ type: 'lobby:state', ...EMPTY, pools: [pool('3+0', 2, 4)] });
    socketSays({ type: 'lobby:pools', pools: [pool('3+0', 5, 6), pool('1+0', 1, 0)] });
    expect(tile('3+0').textContent).toMatch(/5 waiting · 6 playing$/);
    expect(tile('1+0').textContent).toMatch(/1 waiting · 0 playing$/);
    expect(screen.getByText(/Nobody is waiting for an opponent right now/)).toBeTruthy();
  });

  it("seeks in a tile's pool: searching with a Cancel, the other tiles usable, then the game at game:start", async () => {
    const user = userEvent.setup();
    const calls = lobbyServer({
      'POST /api/lobby/seeks': (body) => ({
        status: 201,
        body: {
          seek: (body as { pool: string }).pool === '3+0' ? poolSeek('p1', 3, 0) : poolSeek('p2', 5, 0),
          gameId: null,
        },
      }),
      'DELETE /api/lobby/seeks/p2': { status: 200, body: { id: 'p2', state: 'cancelled', gameId: null } },
    });
    const router = await renderLobby();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY });
    await user.click(tile('3+0'));
    await waitFor(() => expect(screen.getAllByText('Searching for an opponent...')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'pool', pool: '3+0' });
    await user.click(tile('5+0'));
    await waitFor(() => expect(screen.getAllByText('Searching for an opponent...')).toHaveLength(2));
    // Cancel 5+0: its tile is a tile again.
    const cancels = screen.getAllByRole('button', { name: 'Cancel' });
    await user.click(cancels[1]);
    await waitFor(() => expect(tile('5+0')).toBeTruthy());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/lobby/seeks/p2')).toBe(true);
    // Its fate was the answer: nothing more to ask.
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/lobby/seeks/p2')).toBe(false);
    socketSays({ type: 'game:start', gameId: GAME, roomId: 'lobby' });
    await waitFor(() => expect(screen.getByText(`Game ${GAME}`)).toBeTruthy());
    expect(router.state.location.pathname).toBe(`/game/${GAME}`);
  });

  it('opens the game when a cancel finds the seek paired an instant before', async () => {
    const user = userEvent.setup();
    lobbyServer({
      'DELETE /api/lobby/seeks/p1': { status: 200, body: { id: 'p1', state: 'paired', gameId: GAME } },
    });
    await renderLobby();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY, mine: [poolSeek('p1', 3, 0)] });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText(`Game ${GAME}`)).toBeTruthy());
  });

  it('says so when the lobby cannot be read, and shows it once the socket brings it', async () => {
    lobbyServer({ 'GET /api/lobby': { status: 500, body: { message: 'Internal error' } } });
    await renderLobby();
    expect(await screen.findByText('The open games could not be loaded. Trying again...')).toBeTruthy();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY, seeks: [seek('s1')] });
    expect(screen.getAllByRole('row')[1].textContent).toMatch(/^Bob/);
  });

  it("toasts the server's refusal of a fourth seek", async () => {
    const user = userEvent.setup();
    lobbyServer({
      'POST /api/lobby/seeks': {
        status: 429,
        body: { message: 'You may look for at most 3 games at once', code: 'tooManySeeks' },
      },
    });
    await renderLobby();
    await user.click(tile('1+0'));
    await waitFor(() => expect(screen.getByText('You may look for at most 3 games at once')).toBeTruthy());
    expect(tile('1+0')).toBeTruthy();
  });

  it('asks a visitor their name first, becomes a guest, connects again as the guest, then seeks', async () => {
    const user = userEvent.setup();
    const calls = lobbyServer(
      {
        'POST /api/guest': (body) => ({
          status: 200,
          body: player('guest-c', (body as { displayName: string }).displayName),
        }),
        'POST /api/lobby/seeks': {
          status: 201,
          body: { seek: { ...poolSeek('p1', 3, 0), player: player('guest-c', 'Cy') }, gameId: null },
        },
      },
      SIGNED_OUT,
    );
    await renderLobby();
    FakeSocket.last().open();
    await user.click(tile('3+0'));
    const dialog = await screen.findByRole('dialog', { name: 'Play as a guest' });
    await user.click(within(dialog).getByRole('button', { name: 'Play' }));
    expect(within(dialog).getByText(GUEST_NAME_FOR_LOBBY)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/guest')).toBe(false);
    await user.type(within(dialog).getByLabelText('Your name'), 'Cy');
    await user.click(within(dialog).getByRole('button', { name: 'Play' }));
    // The socket the visitor opened knows no player: a new one opens with the guest's cookie.
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(calls.find((c) => c.url === '/api/guest')?.body).toEqual({ displayName: 'Cy' });
    expect(calls.some((c) => c.url === '/api/lobby/seeks')).toBe(false);
    FakeSocket.last().open();
    await waitFor(() => expect(screen.getByText('Searching for an opponent...')).toBeTruthy());
    expect(JSON.parse(localStorage.getItem('sbc.guest') ?? '')).toEqual({ name: 'Cy', id: 'guest-c' });
  });

  it('does not ask a returning guest their name again', async () => {
    const user = userEvent.setup();
    localStorage.setItem('sbc.guest', JSON.stringify({ name: 'Cy', id: 'guest-c' }));
    const calls = lobbyServer(
      {
        'POST /api/guest': { status: 200, body: player('guest-c', 'Cy') },
        'POST /api/lobby/seeks': { status: 201, body: { seek: null, gameId: GAME } },
      },
      SIGNED_OUT,
    );
    await renderLobby();
    await user.click(tile('3+0'));
    await waitFor(() => expect(screen.getByText(`Game ${GAME}`)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.url === '/api/guest')?.body).toEqual({ displayName: 'Cy' });
    // The same guest as the socket's: no new connection.
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('opens the game of a seek found paired after a reconnection (its fate), the game:start being lost', async () => {
    lobbyServer({
      'GET /api/lobby/seeks/p1': { status: 200, body: { id: 'p1', state: 'paired', gameId: GAME } },
    });
    await renderLobby();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY, mine: [poolSeek('p1', 3, 0)] });
    expect(screen.getByText('Searching for an opponent...')).toBeTruthy();
    socketSays({ type: 'lobby:state', ...EMPTY });
    await waitFor(() => expect(screen.getByText(`Game ${GAME}`)).toBeTruthy());
  });

  it('lists the open seeks live, marks the own with a Cancel, and accepts another’s on a click', async () => {
    const user = userEvent.setup();
    const calls = lobbyServer({
      'POST /api/lobby/seeks/s2/accept': { status: 200, body: { seek: null, gameId: GAME } },
    });
    await renderLobby();
    FakeSocket.last().open();
    const own = seek('s1', { player: player('u1', 'ada'), color: 'white' });
    socketSays({ type: 'lobby:state', ...EMPTY, seeks: [own], mine: [own] });
    socketSays({
      type: 'lobby:seek',
      seek: seek('s2', {
        timeControl: { kind: 'correspondence', days: 3 },
        speed: 'correspondence',
        color: 'black',
      }),
    });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Bob3 daysCorrespondenceCasualPlay',
      'adaSearching for an opponent...5+3BlitzCasualCancel',
    ]);
    expect(within(rows[0]).getByRole('img', { name: 'Black' })).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    socketSays({ type: 'lobby:unseek', seekId: 's1' });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await user.click(within(screen.getAllByRole('row')[1]).getByText('3 days'));
    await waitFor(() => expect(screen.getByText(`Game ${GAME}`)).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/lobby/seeks/s2/accept')).toBe(true);
  });

  it('creates a custom seek: a time control but untimed, and a colour', async () => {
    const user = userEvent.setup();
    const calls = lobbyServer({
      'POST /api/lobby/seeks': (body) => ({
        status: 201,
        body: {
          seek: seek('c1', { ...(body as object), player: player('u1', 'ada') } as Partial<Seek>),
          gameId: null,
        },
      }),
    });
    await renderLobby();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY });
    await user.click(tiles().getByRole('button', { name: /^Create a game/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a game' });
    expect(within(dialog).queryByRole('button', { name: 'Untimed' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^10\+0/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Black' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'custom',
      timeControl: { kind: 'clock', minutes: 10, increment: 0 },
      color: 'black',
      rated: false,
      ratingRange: null,
    });
    expect(screen.getAllByRole('row')[1].textContent).toMatch(/ada.*Searching for an opponent.*Cancel/);
  });

  it('lets a signed-in player create a rated seek with a rating range, listed as such', async () => {
    const user = userEvent.setup();
    const calls = lobbyServer({
      'POST /api/lobby/seeks': {
        status: 201,
        body: {
          seek: seek('c1', {
            player: { ...player('u1', 'ada'), rating: { rating: 1500, provisional: true } },
            rated: true,
            ratingRange: { min: 1200, max: 1700 },
          }),
          gameId: null,
        },
      },
    });
    await renderLobby();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY });
    expect(
      screen.getByText('Quick pairing games are rated when your opponent is signed in too.'),
    ).toBeTruthy();
    await user.click(tiles().getByRole('button', { name: /^Create a game/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a game' });
    expect(within(dialog).getByRole('radio', { name: 'Casual' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Rated' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Below your rating' }), '300');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Above your rating' }), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'custom',
      timeControl: { kind: 'clock', minutes: 5, increment: 3 },
      color: 'random',
      rated: true,
      ratingRange: { below: 300, above: 200 },
    });
    const row = screen.getAllByRole('row')[1];
    expect(row.textContent).toMatch(
      /^ada1500\?Searching for an opponent\.\.\.5\+3BlitzRated1200–1700Cancel$/,
    );
  });

  it('offers a guest no rated choice and no range, and sends none', async () => {
    const user = userEvent.setup();
    localStorage.setItem('sbc.guest', JSON.stringify({ id: 'guest-c', name: 'Cy' }));
    const calls = lobbyServer(
      {
        'POST /api/guest': { status: 200, body: player('guest-c', 'Cy') },
        'POST /api/lobby/seeks': {
          status: 201,
          body: { seek: seek('c1', { player: player('guest-c', 'Cy') }), gameId: null },
        },
      },
      SIGNED_OUT,
    );
    await renderLobby();
    FakeSocket.last().open();
    socketSays({ type: 'lobby:state', ...EMPTY });
    expect(
      screen.getByText('Quick pairing games are casual for guests: sign in to play rated games.'),
    ).toBeTruthy();
    await user.click(tiles().getByRole('button', { name: /^Create a game/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a game' });
    expect(within(dialog).queryByRole('radio', { name: 'Rated' })).toBeNull();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create a game' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/lobby/seeks')).toBe(true));
    expect(calls.find((c) => c.url === '/api/lobby/seeks')?.body).toEqual({
      kind: 'custom',
      timeControl: { kind: 'clock', minutes: 5, increment: 3 },
      color: 'random',
    });
  });

  it("lists another's seek with their rating and profile, and shows the server's refusal out of range", async () => {
    const user = userEvent.setup();
    lobbyServer({
      'POST /api/lobby/seeks/s2/accept': {
        status: 409,
        body: { message: 'Your rating is outside the range this game accepts' },
      },
    });
    const router = await renderLobby();
    FakeSocket.last().open();
    const rated = seek('s2', {
      player: { ...player('u2', 'Bob'), rating: { rating: 1810, provisional: false } },
      rated: true,
      ratingRange: { min: 1600, max: 2000 },
    });
    socketSays({ type: 'lobby:state', ...EMPTY, seeks: [rated] });
    const row = screen.getAllByRole('row')[1];
    expect(row.textContent).toBe('Bob18105+3BlitzRated1600–2000Play');
    expect(within(row).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/@/Bob');
    await user.click(within(row).getByRole('button', { name: /^Play Bob/ }));
    expect(await screen.findByText('Your rating is outside the range this game accepts')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
