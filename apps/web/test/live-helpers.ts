import type { ClockState, GameResponse, MoveClock, MoveFrame, Room, ServerMessage } from '@sbc/api';
import { type Game, isLive, positionDigest } from '@sbc/game';
import { act, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { expect, vi } from 'vitest';
import { GameScreen } from '../src/features/game/components/GameScreen.tsx';
import { ADA, gameResponse, gameShown, newGame, renderApp, serve } from './helpers.tsx';

/** An online game's id: the socket's messages carry uuids. */
export const ONLINE_ID = '5b1e0000-0000-4000-8000-000000000001';

/** A stand-in for the browser's WebSocket: the test opens, feeds and drops it. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  readyState = FakeSocket.CONNECTING;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  /** The client's own close: the browser reports it later, as a close event. */
  close(code = 1000): void {
    this.readyState = FakeSocket.CLOSED;
    queueMicrotask(() => this.onclose?.({ code, reason: '' }));
  }

  open(): void {
    act(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }

  /** The server sends a frame (any text: a test may send what no schema allows). */
  receive(message: ServerMessage | Record<string, unknown> | string): void {
    act(() => this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }

  /** The connection ends from the other side (1006: lost). */
  drop(code = 1006, reason = ''): void {
    act(() => {
      this.readyState = FakeSocket.CLOSED;
      this.onclose?.({ code, reason });
    });
  }

  /** The messages of one type that the client sent. */
  sentOf(type: string): Record<string, unknown>[] {
    return this.sent.filter((m) => m.type === type);
  }
}

/** Puts FakeSocket in the place of WebSocket (setup.ts restores the globals after each test). */
export function fakeSockets(): void {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
}

/** An online game of Ada (u1, white) and Bob (u2, black) in room r1, as the server shows it. */
export function onlineGame(game: Game, extra: Partial<GameResponse> = {}): GameResponse {
  return gameResponse(game, {
    id: ONLINE_ID,
    mode: 'online',
    roomId: 'r1',
    whitePlayerId: 'u1',
    blackPlayerId: 'u2',
    whitePlayer: { username: 'ada' },
    blackPlayer: { username: 'bob' },
    ...extra,
  });
}

/** A room as GET /api/rooms/{code} answers it. */
export function room(extra: Partial<Room> = {}): Room {
  return {
    id: 'r1',
    code: 'K7QM2X',
    hostUserId: 'u1',
    hostIsWhite: 1,
    players: [{ id: 'u1', name: 'ada', isHost: true, isGuest: false, connected: true, absentSince: null }],
    timeControl: { kind: 'untimed' },
    rated: false,
    status: 'waiting',
    gameId: null,
    spectators: 0,
    ...extra,
  };
}

const moveClock = ({ plies, ...clock }: ClockState): MoveClock => ({ ...clock, ply: plies.at(-1) ?? null });

/**
 * The frame of `game`'s last decision as the server's relay sends it, for the state `after` (by
 * default the online game at `game`, its version its moves' count).
 */
export function moveFrame(game: Game, after: GameResponse = onlineGame(game)): MoveFrame {
  const text = game.moves.at(-1)?.texts.at(-1);
  if (!text) throw new Error('the game has no move');
  const { gameTimer, clock, inactivityDeadline } = after.gameState;
  return {
    type: 'game:move',
    gameId: after.id,
    version: after.version,
    text,
    digest: positionDigest(game.position),
    at: Date.parse(after.lastMoveAt),
    spent: { white: gameTimer.white, black: gameTimer.black },
    ...(clock && { clock: moveClock(clock) }),
    ...(inactivityDeadline !== null && { inactivityDeadline }),
    ...(!isLive(after.status) && {
      end: {
        status: after.status,
        winner: after.winner,
        ratings: after.ratings,
        drawRequestStatus: after.drawRequestStatus,
        drawRequestedBy: after.drawRequestedBy,
      },
    }),
  };
}

/** An online game after these move texts. */
export function played(texts: string[]): Game {
  const game = newGame({ mode: 'online' });
  for (const t of texts) {
    const r = game.playText(t);
    if (!r.ok) throw new Error(r.error.message);
  }
  return game;
}

/** A change of the game as the socket says it. */
export const change = (
  type: 'game:state' | 'game:draw_accepted' | 'game:draw_rejected',
  state: GameResponse,
): ServerMessage => ({
  type,
  gameId: ONLINE_ID,
  version: state.version,
  state,
});

/**
 * The game screen of an online game: Ada (u1) signed in, or the guest `guest` (no session); the
 * server sends `game` over HTTP (to Ada) and, once the socket opens, over the socket.
 */
export async function openGame(game: GameResponse, guest?: { name: string; id: string }) {
  if (guest) localStorage.setItem('sbc.guest', JSON.stringify(guest));
  const calls = serve({
    'GET /api/user': guest ? { status: 401, body: { message: 'Not signed in' } } : { status: 200, body: ADA },
    [`GET /api/games/${ONLINE_ID}`]: { status: 200, body: game },
  });
  const shown = renderApp(
    createElement(GameScreen, { gameId: ONLINE_ID, signedIn: !guest }),
    `/game/${ONLINE_ID}`,
  );
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.last();
  socket.open();
  expect(socket.sent).toEqual([{ type: 'game:watch', gameId: ONLINE_ID }]);
  socket.receive(change('game:state', game));
  await gameShown();
  return { socket, calls, ...shown };
}
