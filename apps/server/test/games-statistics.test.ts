/** The statistics of games on a clock: a loss on time is decided, an aborted game counts for nobody. */
import { GameStatistics } from '@sbc/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endOnTime } from '../src/features/games/clocks.ts';
import { createGame, play } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const BULLET = { timeControl: { kind: 'clock', minutes: 1, increment: 0 } };

it('counts a loss on time as a decided game and leaves aborted games out, totals included', async () => {
  const agent = await server.signedIn();
  const computer = { isComputerGame: true, humanPlayer: 'white', ...BULLET };
  const flagged = [
    await createGame(agent, computer), // the human, white, loses on time
    await createGame(agent, BULLET), // black loses on time: white won
  ];
  await play(agent, flagged[0].id, 'e2e4', 'e7e5');
  await play(agent, flagged[1].id, 'e2e4', 'e7e5', 'g1f3');
  const aborted = [await createGame(agent, computer), await createGame(agent, BULLET)];
  server.advance(61_000);
  for (const { id } of [...flagged, ...aborted]) await endOnTime(server.app.services, server.app.log, id);
  const statuses = await Promise.all(
    [...flagged, ...aborted].map(async ({ id }) => (await agent.get(`/api/games/${id}`)).body.status),
  );
  expect(statuses).toEqual(['outoftime', 'outoftime', 'aborted', 'aborted']);

  expect(GameStatistics.parse((await agent.get('/api/games/statistics')).body)).toEqual({
    computerGames: { total: 1, won: 0, lost: 1, drawn: 0, resigned: 0, abandoned: 0 },
    twoPlayerGames: { total: 1, whiteWon: 1, blackWon: 0, drawn: 0, resigned: 0, abandoned: 0 },
  });
});
