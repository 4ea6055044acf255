/** The clock's plies (the mover's time after each move) reach the client, for the PGN's %clk. */
import type { GameResponse } from '@sbc/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGame, play } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

it("sends the mover's time after each move with the clocks; none for an untimed game", async () => {
  const agent = await server.signedIn();
  const game = await createGame(agent, { timeControl: { kind: 'clock', minutes: 3, increment: 2 } });
  expect(game.gameState.clock?.plies).toEqual([]);
  await play(agent, game.id, 'e2e4', 'e7e5');
  server.advance(5_000);
  await play(agent, game.id, 'g1f3');
  const read = (await agent.get(`/api/games/${game.id}`)).body as GameResponse;
  const [white, black, third] = read.gameState.clock?.plies ?? [];
  expect([white, black]).toEqual([180_000, 180_000]);
  // 5 s charged (and the few ms the test took), 2 s added.
  expect(third).toBeLessThanOrEqual(177_000);
  expect(third).toBeGreaterThan(176_500);
  expect((await createGame(agent)).gameState.clock).toBeNull();
});
