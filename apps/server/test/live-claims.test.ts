/**
 * "Opponent left" (docs/api.md §7, `game:claim`): in a timed room game, once the opponent has had
 * no socket in the room for OPPONENT_LEFT_MS, the player may end the game as a win or a draw.
 */
import { OPPONENT_LEFT_MS } from '@sbc/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS } from '../src/features/games/intentions.ts';
import { connectRedis } from '../src/redis.ts';
import { createGame } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';
import { LiveClient, listen } from './live-helpers.ts';

let server: TestServer;
let url: string;
// With REDIS_URL the presence is Redis's, as between instances.
beforeAll(async () => {
  const { REDIS_URL } = process.env;
  server = await startServer(REDIS_URL ? { redis: await connectRedis(REDIS_URL) } : {});
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

const RAPID = { kind: 'clock', minutes: 10, increment: 0 };

/** Alice (white) and a guest, Bob, each with a socket in a room of `timeControl`, both first moves made. */
async function playing(timeControl: object = RAPID) {
  const alice = await server.signedIn();
  const { id, code } = (await alice.post('/api/rooms')).body;
  expect((await alice.post(`/api/rooms/${id}/time-control`, { timeControl })).status).toBe(200);
  const a = await LiveClient.as(url, alice);
  await a.ask({ type: 'room:join', code }, 'room:state');
  const guest = server.agent();
  const joined = await guest.post('/api/rooms/join', { roomCode: code, guestName: 'Bob' });
  const { gameId } = joined.body as { gameId: string };
  const b = await LiveClient.as(url, guest);
  await b.ask({ type: 'game:watch', gameId }, 'game:state');
  await b.next('room:state');
  for (const [client, from, to, version] of [
    [a, 'e2', 'e4', 0],
    [b, 'e7', 'e5', 1],
  ] as const) {
    client.send({ type: 'game:move', gameId, from, to, version });
    await b.next('game:move');
  }
  a.drain();
  b.drain();
  return { alice, bobId: joined.body.players[1].id as string, a, b, code, gameId };
}

const refused = async (client: LiveClient, gameId: string, result = 'win') =>
  (await client.ask({ type: 'game:claim', gameId, result }, 'error')).message;

describe('claims against an opponent who left', () => {
  it('ends the game as a win once the opponent has been away 30 s, not before, and only for a player', async () => {
    const { alice, bobId, a, b, gameId } = await playing();
    expect(await refused(b, gameId)).toBe(CLAIMS.present);
    const watcher = await LiveClient.as(url, await server.signedIn());
    await watcher.ask({ type: 'game:watch', gameId }, 'game:state');
    expect(await refused(watcher, gameId)).toBe("Spectators cannot play; only the game's players can");
    const stranger = await LiveClient.as(url, await server.signedIn());
    expect(await refused(stranger, gameId)).toBe('Game not found');

    const leftAt = server.app.services.now().getTime();
    a.close();
    const { room } = await b.next('room:update', ({ room }) => !room.players[0].connected);
    expect(room.players[0]).toMatchObject({ id: alice.user.id, connected: false });
    expect(room.players[0].absentSince).toBeGreaterThanOrEqual(leftAt);
    expect(room.players[1]).toMatchObject({ connected: true, absentSince: null });

    server.advance(OPPONENT_LEFT_MS - 2000);
    expect(await refused(b, gameId)).toBe(CLAIMS.early);
    server.advance(2000);
    b.send({ type: 'game:claim', gameId, result: 'win' });
    for (const client of [b, watcher]) {
      expect(await client.next('game:timeout')).toMatchObject({
        gameId,
        winnerId: bobId,
        inactivePlayerId: alice.user.id,
        state: { status: 'abandoned', winner: 'black', version: 3 },
      });
    }
    expect(await refused(b, gameId)).toBe('Game has ended.');
    expect((await alice.get(`/api/games/${gameId}`)).body.status).toBe('abandoned');
  });

  it('ends a game as a draw; a player who came back is present again', async () => {
    const { alice, a, b, code, gameId } = await playing();
    a.close();
    await b.next('room:update', ({ room }) => room.players[0].absentSince !== null);
    server.advance(OPPONENT_LEFT_MS);
    const back = await LiveClient.as(url, alice);
    await back.ask({ type: 'room:join', code }, 'room:state');
    const { room } = await b.next('room:update', ({ room }) => room.players[0].connected);
    expect(room.players[0].absentSince).toBeNull();
    expect(await refused(b, gameId, 'draw')).toBe(CLAIMS.present);

    back.close();
    await b.next('room:update', ({ room }) => !room.players[0].connected);
    server.advance(OPPONENT_LEFT_MS);
    b.send({ type: 'game:claim', gameId, result: 'draw' });
    const ended = await b.next('game:timeout');
    expect(ended).toMatchObject({
      winnerId: null,
      inactivePlayerId: alice.user.id,
      state: { status: 'draw', winner: null },
    });
    expect(ended.state.gameState.drawReason).toBe('opponent-left');
  });

  it('refuses a claim in an untimed or correspondence room game and in a timed game at one screen', async () => {
    for (const timeControl of [{ kind: 'untimed' }, { kind: 'correspondence', days: 3 }]) {
      const { a, b, gameId } = await playing(timeControl);
      a.close();
      await b.next('room:update', ({ room }) => !room.players[0].connected);
      server.advance(OPPONENT_LEFT_MS);
      expect(await refused(b, gameId)).toBe(CLAIMS.untimed);
    }

    const owner = await server.signedIn();
    const local = await createGame(owner, { timeControl: RAPID });
    const socket = await LiveClient.as(url, owner);
    expect(await refused(socket, local.id)).toBe(CLAIMS.untimed);
  });
});
