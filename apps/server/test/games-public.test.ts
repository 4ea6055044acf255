import { randomUUID } from 'node:crypto';
import { GameResponse, MoveList } from '@sbc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, play } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';
import { LiveClient, listen } from './live-helpers.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startServer();
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

/** What an account keeps private (emails are unique: one per account). */
const privateDetails = () => ({
  email: `alice-${randomUUID()}@example.com`,
  phone: '+44 20 7946 0958',
  firstName: 'Alicia',
  lastName: 'Privet',
});

/** A room's game of a signed-in host with private details (white) and a guest (black). */
async function roomGame(details = privateDetails()) {
  const alice = await server.signedIn(details);
  const { code } = (await alice.post('/api/rooms')).body;
  const guest = server.agent();
  const joined = await guest.post('/api/rooms/join', { roomCode: code, guestName: 'Bob' });
  expect(joined.status).toBe(200);
  return { alice, guest, gameId: joined.body.gameId as string };
}

describe("an online game's page is readable by its link (docs/api.md §5, who may read)", () => {
  it('lets anyone read an online game, live or finished: signed out, a stranger, a guest', async () => {
    const { alice, gameId } = await roomGame();
    await play(alice, gameId, 'e2e4');
    const readers = {
      'signed out': server.agent(),
      stranger: await server.signedIn(),
      // A guest of another room: no session, a guest cookie.
      guest: await (async () => {
        const g = server.agent();
        await g.post('/api/rooms', { displayName: 'Cy' });
        return g;
      })(),
    };
    const live = (await alice.get(`/api/games/${gameId}`)).body;
    for (const [who, reader] of Object.entries(readers)) {
      const read = await reader.get(`/api/games/${gameId}`);
      expect(read.status, who).toBe(200);
      expect(read.body, who).toEqual(live);
      const moves = await reader.get(`/api/games/${gameId}/moves`);
      expect(
        MoveList.parse(moves.body).map((m) => m.notation),
        who,
      ).toEqual(['e4']);
    }
    expect((await alice.post(`/api/games/${gameId}/resign`)).status).toBe(200);
    const finished = await readers['signed out'].get(`/api/games/${gameId}`);
    expect(GameResponse.parse(finished.body)).toMatchObject({ status: 'resigned', winner: 'black' });
  });

  it('shows no private field: display names only, exactly what a spectator socket gets', async () => {
    const details = privateDetails();
    const { alice, gameId } = await roomGame(details);
    const read = await server.agent().get(`/api/games/${gameId}`);
    expect(read.body).toMatchObject({
      whitePlayer: { username: alice.user.username },
      blackPlayer: { username: 'Bob' },
    });
    const text = JSON.stringify(read.body);
    for (const value of Object.values(details)) expect(text).not.toContain(value);
    expect(text).not.toMatch(/email|phone|firstName|lastName|password|ownerId|isAdmin/i);
    // The spectator socket already shows the game's player ids; the read shows nothing more.
    const spectator = await LiveClient.as(url, await server.signedIn());
    const watched = await spectator.ask({ type: 'game:watch', gameId }, 'game:state');
    spectator.close();
    expect(read.body).toEqual(watched.state);
  });

  it('keeps computer and local games to their player and the admins; 404 to anyone else', async () => {
    const owner = await server.signedIn();
    const admin = await server.signedIn({ isAdmin: true });
    const computer = await createGame(owner, { isComputerGame: true });
    const local = await createGame(owner);
    await play(owner, local.id, 'e2e4');
    for (const game of [computer, local]) {
      const mine = (await owner.get(`/api/games/${game.id}`)).body;
      expect((await admin.get(`/api/games/${game.id}`)).body).toEqual(mine);
      expect((await admin.get(`/api/games/${game.id}/moves`)).status).toBe(200);
      for (const stranger of [server.agent(), await server.signedIn()]) {
        for (const path of ['', '/moves']) {
          const res = await stranger.get(`/api/games/${game.id}${path}`);
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ message: 'Game not found' });
        }
      }
    }
    // Reading is all: the admin may not act on another's game.
    expect((await admin.post(`/api/games/${local.id}/resign`)).status).toBe(404);
    expect((await server.agent().get('/api/games/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
