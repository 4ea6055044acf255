import { type MoveClock, SESSION_ENDED, type ServerMessage } from '@sbc/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type LiveStatus, liveUrl, RECONNECT_MS } from '../src/features/live/api/socket.ts';
import { LiveError } from '../src/lib/http.ts';
import { handleUnauthorized } from '../src/lib/session-expired.ts';
import { newGame } from './helpers.tsx';
import { FakeSocket, fakeSockets, moveFrame, ONLINE_ID, onlineGame, played } from './live-helpers.ts';

vi.mock('../src/lib/session-expired.ts', () => ({ handleUnauthorized: vi.fn() }));

const gameState = (version: number): ServerMessage => ({
  type: 'game:state',
  gameId: ONLINE_ID,
  version,
  state: onlineGame(newGame({ mode: 'online' }), { version }),
});

function connect() {
  const messages: ServerMessage[] = [];
  const statuses: LiveStatus[] = [];
  const live = new LiveConnection(
    { onMessage: (m) => messages.push(m), onStatus: (s) => statuses.push(s) },
    'ws://localhost/ws',
  );
  return { live, messages, statuses };
}

describe('The socket client (docs/api.md §7)', () => {
  beforeEach(fakeSockets);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /ws on the page’s own host, wss: when the page came over https:', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(liveUrl({ protocol: 'https:', host: 'sbc.example' })).toBe('wss://sbc.example/ws');
  });

  it('reconnects 3 s after a lost connection, never after a normal close (1000) or a going away (1001)', () => {
    vi.useFakeTimers();
    const { statuses } = connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1006);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting']);
    FakeSocket.last().open();
    FakeSocket.last().drop(1000);
    vi.advanceTimersByTime(10 * RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
    connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1001);
    vi.advanceTimersByTime(10 * RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('signs the page out when its session ends (logout, block), and never reconnects', () => {
    vi.useFakeTimers();
    connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1008, 'Too many messages');
    expect(handleUnauthorized).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last().open();
    FakeSocket.last().drop(SESSION_ENDED.code, SESSION_ENDED.reason);
    expect(handleUnauthorized).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10 * RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('closes a socket still connecting once it opens, not before (the browser logs that as an error)', () => {
    const { live, messages } = connect();
    live.subscribe({ type: 'game:watch', gameId: ONLINE_ID });
    const socket = FakeSocket.last();
    const close = vi.spyOn(socket, 'close');
    live.close();
    expect(close).not.toHaveBeenCalled();
    socket.open();
    expect(close).toHaveBeenCalledWith(1000);
    expect(socket.sent).toEqual([]);
    socket.receive(gameState(1));
    expect(messages).toEqual([]);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('follows its subscription again on reconnecting, and asks for the game since the version it last saw', () => {
    vi.useFakeTimers();
    const { live, messages } = connect();
    live.subscribe({ type: 'game:watch', gameId: ONLINE_ID });
    expect(FakeSocket.last().sent).toEqual([]); // not open yet: sent once it is
    FakeSocket.last().open();
    expect(FakeSocket.last().sent).toEqual([{ type: 'game:watch', gameId: ONLINE_ID }]);
    FakeSocket.last().receive(gameState(7));
    expect(messages.map((m) => m.type)).toEqual(['game:state']);
    FakeSocket.last().drop();
    vi.advanceTimersByTime(RECONNECT_MS);
    FakeSocket.last().open();
    expect(FakeSocket.last().sent).toEqual([
      { type: 'game:watch', gameId: ONLINE_ID },
      { type: 'game:sync', gameId: ONLINE_ID, version: 7 },
    ]);
  });

  it('drops every frame that is not a ServerMessage', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { messages } = connect();
    const socket = FakeSocket.last();
    socket.open();
    socket.receive('not json');
    socket.receive({ type: 'game:move', gameId: ONLINE_ID, version: 1 }); // no text, no digest
    socket.receive({ type: 'game:spectators', gameId: 'not-a-uuid', count: 1 });
    socket.receive({ type: 'cheat', board: [] });
    expect(messages).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    socket.receive({ type: 'game:spectators', gameId: ONLINE_ID, count: 2 });
    expect(messages).toEqual([{ type: 'game:spectators', gameId: ONLINE_ID, count: 2 }]);
  });

  it("stamps a timed game's clock with the moment its message arrived, before any render", () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1234);
    const { messages } = connect();
    const socket = FakeSocket.last();
    socket.open();
    const timed = gameState(1) as Extract<ServerMessage, { type: 'game:state' }>;
    const clock = { white: 60_000, black: 60_000, running: null, deadline: null, aborts: false, plies: [] };
    socket.receive({ ...timed, state: { ...timed.state, gameState: { ...timed.state.gameState, clock } } });
    socket.receive(gameState(2));
    now.mockRestore();
    const [first, second] = messages as Extract<ServerMessage, { type: 'game:state' }>[];
    expect(first.state.gameState.clock).toEqual({ ...clock, at: 1234 });
    expect(second.state.gameState.clock).toBeNull();
  });

  it("stamps a move frame's clocks too: the state the follower derives counts from their arrival", () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(4321);
    const { messages } = connect();
    FakeSocket.last().open();
    const clock: MoveClock = {
      white: 59_000,
      black: 60_000,
      running: 'black',
      deadline: null,
      aborts: false,
      ply: 59_000,
    };
    FakeSocket.last().receive({ ...moveFrame(played(['e2e4'])), clock });
    now.mockRestore();
    const [frame] = messages as Extract<ServerMessage, { type: 'game:move' }>[];
    expect(frame.clock).toEqual({ ...clock, at: 4321 });
  });

  it('settles a request with its answer, fails it with the next refusal or a lost connection', async () => {
    const { live, messages } = connect();
    const socket = FakeSocket.last();
    expect(live.request({ type: 'game:resign', gameId: ONLINE_ID }, () => true)).toBeUndefined();
    socket.open();
    const resign = live.request({ type: 'game:resign', gameId: ONLINE_ID }, (m) => m.type === 'game:state');
    const sync = live.request(
      { type: 'game:sync', gameId: ONLINE_ID, version: 0 },
      (m) => m.type === 'game:state',
    );
    socket.receive({ type: 'error', message: 'It is not your turn', code: 'notYourTurn' });
    await expect(resign).rejects.toEqual(new LiveError('It is not your turn', 'notYourTurn'));
    socket.receive(gameState(3));
    await expect(sync).resolves.toMatchObject({ type: 'game:state', version: 3 });
    // An answer is an event too: the screen takes its state.
    expect(messages.map((m) => m.type)).toEqual(['game:state']);
    const lost = live.request({ type: 'game:draw_request', gameId: ONLINE_ID }, () => false);
    socket.drop();
    await expect(lost).rejects.toMatchObject({ code: 'disconnected' });
    live.close();
  });
});
