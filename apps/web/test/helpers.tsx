import type { ClockState, GameResponse, ServerGameState, TimeControl, User } from '@sbc/api';
import { Game, type GameSetup } from '@sbc/game';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { Providers } from '../src/app/App.tsx';
import { createQueryClient } from '../src/lib/queryClient.ts';

export const GAME_ID = 'g1';

/** The game screen in full: its board, then the panels it renders after the first paint. */
export const gameShown = () =>
  waitFor(() => {
    expect(document.querySelectorAll('[data-square]')).toHaveLength(64);
    expect(screen.getByText('Board & Export')).toBeTruthy();
  });

/** The signed-in player of the tests, as GET /api/user sends her. */
export const ADA: User = {
  id: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  createdAt: '2025-09-13T10:00:00.000Z',
  profileImageUrl: null,
  isAdmin: false,
  isBlocked: false,
  tosViolation: false,
  lastActivityAt: null,
};

/** A server answer for a rules game, as GET /api/games/{id} sends it. */
export function gameResponse(game: Game, extra: Partial<GameResponse> = {}): GameResponse {
  const state = game.state();
  const now = Date.now();
  const gameState: ServerGameState = {
    ...state,
    gameTimer: { white: 0, black: 0, lastMoveTime: now },
    inactivityDeadline: game.isOver ? null : now + 300_000,
    clock: null,
  };
  return {
    id: GAME_ID,
    createdAt: new Date(now).toISOString(),
    mode: state.mode,
    roomId: null,
    whitePlayerId: 'u1',
    blackPlayerId: null,
    whitePlayer: { username: 'ada' },
    blackPlayer: null,
    moveCount: state.moveCount,
    status: state.gameStatus,
    currentTurn: state.currentPlayer,
    winner: state.winner,
    drawRequestStatus: null,
    drawRequestedBy: null,
    lastMoveAt: new Date(now).toISOString(),
    timeControl: { kind: 'untimed' },
    rated: false,
    ratings: { white: null, black: null },
    version: state.moveCount,
    gameState,
    ...extra,
  };
}

export function newGame(setup: GameSetup = {}): Game {
  const created = Game.create(setup);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A timed game's time control and the clocks a fake server sends with every answer. */
export interface Timing {
  timeControl: TimeControl;
  clock: ClockState;
}

export interface FakeServer {
  game: Game;
  calls: { method: string; url: string; body: unknown }[];
  /** Answer the next intention with this error instead. */
  reject: { status: number; message: string } | null;
}

/**
 * A fake of the game calls, backed by the rules: it applies each intention to its own game as the
 * real server does and answers with the new state.
 */
export function fakeServer(game: Game, timing?: Timing): FakeServer {
  const server: FakeServer = { game, calls: [], reject: null };
  // As the server's: one more for every change, an undo's too.
  let version = game.moves.length;
  const answer = (g: Game): GameResponse => {
    const r = gameResponse(g, { version });
    if (!timing) return r;
    return {
      ...r,
      timeControl: timing.timeControl,
      gameState: { ...r.gameState, clock: timing.clock, inactivityDeadline: null },
    };
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    server.calls.push({ method, url, body });
    if (url === '/api/user') return json(200, { id: 'u1', username: 'ada' });
    if (url === '/api/games/check-abandoned') return json(200, []);
    if (method === 'GET' && url === `/api/games/${GAME_ID}`) return json(200, answer(server.game));
    if (server.reject) {
      const { status, message } = server.reject;
      server.reject = null;
      return json(status, { message });
    }
    const g = server.game;
    let result: ReturnType<Game['move']>;
    if (url.endsWith('/moves')) result = g.move(body);
    else if (url.endsWith('/resign'))
      result = g.resign(g.state().mode === 'computer' ? g.state().humanPlayer : g.turn);
    else if (url.endsWith('/draw/request')) result = g.agreeDraw();
    else if (body.action === 'choose') result = g.choose(body.sacrifice);
    else if (body.action === 'undo') result = g.undo();
    else if (body.action === 'redo') result = g.redo();
    else if (body.action === 'promote') result = g.promote(body.piece);
    else return json(404, { message: 'Not found' });
    if (!result.ok) return json(400, { message: result.error.message, code: result.error.code });
    version++;
    return json(200, { ...answer(g), message: result.value.message });
  });
  return server;
}

export type Answer = { status: number; body?: unknown };
export type Route = Answer | ((body: unknown) => Answer);

/**
 * Fakes the server: each 'METHOD /path' answers as given (a function gets the request's body), any
 * other call with `otherwise`. Returns the calls made, in order.
 */
export function serve(
  routes: Record<string, Route>,
  otherwise: Answer = { status: 404, body: { message: 'Not found' } },
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`] ?? otherwise;
    const answer = typeof route === 'function' ? route(body) : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  return calls;
}

/** Renders `ui` at `path` inside the app's providers with a fresh cache (the app's own defaults). */
export function renderApp(ui: ReactNode, path = '/') {
  const client = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return {
    client,
    ...render(
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/** A computer's draw-offer search that answers `score` (centipawns for the side to move) at once. */
/** A board square's button (`data-square`), which must be on the page. */
export function square(sq: string): HTMLButtonElement {
  const el = document.querySelector<HTMLButtonElement>(`[data-square="${sq}"]`);
  if (!el) throw new Error(`no square ${sq}`);
  return el;
}

/** Clicks a board square as a player would. */
export const clickSquare = (user: { click(el: Element): Promise<void> }, sq: string) =>
  user.click(square(sq));

/** A board square's accessible name, '' when it is not on the page. */
export const label = (sq: string) =>
  document.querySelector(`[data-square="${sq}"]`)?.getAttribute('aria-label') ?? '';

export const drawScoreOf = (score: number) => () => ({ answer: Promise.resolve(score), cancel: () => {} });
