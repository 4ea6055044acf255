import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, snapshot } from './game-helpers.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let player: Agent;
let gameId: string;
beforeAll(async () => {
  server = await startServer();
  player = await server.signedIn();
  gameId = (await createGame(player)).id;
});
afterAll(() => server.close());

const calls = () => [
  `/api/games/${gameId}/resign`,
  `/api/games/${gameId}/draw/request`,
  '/api/games/check-abandoned',
  '/api/logout',
];

// docs/api.md, Conventions: a call without a body takes none; what it is sent changes nothing.
describe('calls that take no body', () => {
  it.each([
    ['a JSON object', '{"resign":"black"}', 'application/json', 400, 'This call takes no body'],
    ['an empty JSON object', '{}', 'application/json', 400, 'This call takes no body'],
    ['a JSON array', '[]', 'application/json', 400, 'This call takes no body'],
    ['text', 'resign please', 'text/plain', 415, 'Unsupported content type; send JSON'],
  ])('refuse %s', async (_case, body, type, status, message) => {
    const before = await snapshot(server, gameId);
    for (const url of calls()) {
      const res = await player.request('POST', url, body, { 'content-type': type });
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status, body: { message } });
    }
    expect(await snapshot(server, gameId)).toEqual(before);
    expect((await player.get('/api/user')).status).toBe(200); // still signed in
  });

  it('answer without one', async () => {
    const [resigned, drawn] = [(await createGame(player)).id, (await createGame(player)).id];
    for (const url of [
      `/api/games/${resigned}/resign`,
      `/api/games/${drawn}/draw/request`,
      '/api/games/check-abandoned',
      '/api/logout',
    ]) {
      expect((await player.post(url)).status, url).toBe(200);
    }
  });
});
