import { ABANDONMENT_CHECK_MS } from '@sbc/game';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { GameEvent } from '../src/events/bus.ts';
import { createGame, play, snapshot } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
// The sweeper's interval is faked so the test can run it; the clock is the server's own (advance).
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.close();
  vi.useRealTimers();
});

const FIVE_MINUTES = 5 * 60_000;

function nextTimeout(gameId: string): Promise<GameEvent> {
  return new Promise((resolve) => {
    const stop = server.app.services.bus.subscribe((e) => {
      if (e.type === 'game:timeout' && e.gameId === gameId) {
        stop();
        resolve(e);
      }
    });
  });
}

it("ends the caller's idle games on check-abandoned: the side to move loses", async () => {
  const idle = await server.signedIn();
  const busy = await server.signedIn();
  const stranger = await server.signedIn();
  const idleGame = await createGame(idle);
  await play(idle, idleGame.id, 'e2e4'); // black to move
  const busyGame = await createGame(busy);
  server.advance(4 * 60_000);
  await play(busy, busyGame.id, 'd2d4');
  server.advance(60_000 + 1000);

  const before = await snapshot(server, idleGame.id);
  expect((await stranger.post('/api/games/check-abandoned')).body).toEqual([]);
  expect((await busy.post('/api/games/check-abandoned')).body).toEqual([]);
  expect(await snapshot(server, idleGame.id)).toEqual(before);

  const ended = await idle.post('/api/games/check-abandoned');
  expect(ended.status).toBe(200);
  expect(ended.body).toHaveLength(1);
  expect(ended.body[0]).toMatchObject({
    id: idleGame.id,
    status: 'abandoned',
    winner: 'white',
    message: 'Game abandoned! White wins by default.',
  });
  expect(ended.body[0].gameState).toMatchObject({ gameStatus: 'abandoned', inactivityDeadline: null });
  expect((await idle.post('/api/games/check-abandoned')).body).toEqual([]);
  const late = await idle.post(`/api/games/${idleGame.id}/moves`, { from: 'e7', to: 'e5' });
  expect(late).toMatchObject({ status: 409, body: { message: 'Game has ended.', code: 'gameEnded' } });
  expect((await busy.get(`/api/games/${busyGame.id}`)).body.status).toBe('active');
});

it('sweeps every idle game every 10 seconds, and counts it in the statistics', async () => {
  const human = await server.signedIn();
  const game = await createGame(human, { isComputerGame: true, humanPlayer: 'black' });
  const fresh = await createGame(human);
  server.advance(FIVE_MINUTES - 1000);
  await play(human, fresh.id, 'e2e4');
  server.advance(2000);
  const timeout = nextTimeout(game.id);
  vi.advanceTimersByTime(ABANDONMENT_CHECK_MS);
  const event = await timeout;
  // The computer, white, was to move and did not: the human wins by default.
  expect(JSON.parse(event.frame)).toMatchObject({
    winnerId: human.user.id,
    inactivePlayerId: null,
    state: { status: 'abandoned' },
  });
  expect((await human.get(`/api/games/${game.id}`)).body).toMatchObject({
    status: 'abandoned',
    winner: 'black',
  });
  expect((await human.get(`/api/games/${fresh.id}`)).body.status).toBe('active');
  const stats = (await human.get('/api/games/statistics')).body;
  expect(stats.computerGames).toMatchObject({ total: 1, won: 1, abandoned: 1 });
  expect(stats.twoPlayerGames).toMatchObject({ total: 1, abandoned: 0 });
});
