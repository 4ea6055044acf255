import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGame, play, snapshot } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
// PGlite starts in a few seconds, longer on a busy machine.
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const DOUBLE_BOX = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';
const PROMOTION = 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1';

it('keeps every game, move, pending decision and undo history across a restart', async () => {
  const agent = await server.signedIn();
  const boxes = await createGame(agent, { fen: DOUBLE_BOX });
  await play(agent, boxes.id, 'b7c6');
  await agent.post(`/api/games/${boxes.id}/choice`, { sacrifice: 'knight' });
  await play(agent, boxes.id, 'e1g1', 'a8a7', 'd2d3');
  const choice = await createGame(agent, { fen: DOUBLE_BOX });
  await play(agent, choice.id, 'b7c6'); // waits for white's choice
  const promotion = await createGame(agent, { fen: PROMOTION });
  await play(agent, promotion.id, 'b7b8'); // waits for the promotion piece
  const computer = await createGame(agent, { isComputerGame: true });
  await play(agent, computer.id, 'e2e4', 'e7e5', 'g1f3', 'b8c6');
  await agent.patch(`/api/games/${computer.id}`, { action: 'undo' });

  const ids = [boxes.id, choice.id, promotion.id, computer.id];
  const read = () =>
    Promise.all(
      ids.map(async (id) => ({
        game: (await agent.get(`/api/games/${id}`)).body,
        moves: (await agent.get(`/api/games/${id}/moves`)).body,
        rows: await snapshot(server, id),
      })),
    );
  const before = await read();
  expect(before[0].moves.map((m: { notation: string }) => m.notation)).toEqual(['bxc6', 'O-O', 'Ra7', 'd3']);
  await server.restart();
  expect(await read()).toEqual(before);

  // And play goes on where it stopped.
  const chosen = await agent.post(`/api/games/${choice.id}/choice`, { sacrifice: 'bishop' });
  expect(chosen.body).toMatchObject({ message: 'Bishop sacrificed, mixed shared box created', moveCount: 1 });
  const promoted = await agent.patch(`/api/games/${promotion.id}`, { action: 'promote', piece: 'rook' });
  expect(promoted.body).toMatchObject({ message: 'Pawn promoted to rook', moveCount: 1 });
  const redone = await agent.patch(`/api/games/${computer.id}`, { action: 'redo' });
  expect(redone.body).toMatchObject({ message: 'Redone human move and AI response', moveCount: 4 });
  expect((await play(agent, boxes.id, 'g8f6')).moveCount).toBe(5);
});
