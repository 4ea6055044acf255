import { FollowedGame, Room, ServerMessage } from '@sbc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endInactiveGames } from '../src/features/games/sweeper.ts';
import { GUEST_COOKIE } from '../src/features/rooms/guests.ts';
import { snapshot } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';
import { redisGroup } from './instances.ts';
import { LiveClient, listen } from './live-helpers.ts';

let server: TestServer;
let url: string;
// With REDIS_URL the events go through Redis, as between instances.
beforeAll(async () => {
  const redis = process.env.REDIS_URL;
  server = await startServer(redis ? { bus: await redisGroup(redis).bus() } : {});
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

/** A signed-in host (white) and a guest (black), each with a socket in the room, and their game. */
async function liveRoom() {
  const alice = await server.signedIn();
  const { code } = (await alice.post('/api/rooms')).body;
  const a = await LiveClient.as(url, alice);
  expect((await a.ask({ type: 'room:join', code }, 'room:state')).room.status).toBe('waiting');
  const guest = server.agent();
  const joined = await guest.post('/api/rooms/join', { roomCode: code, guestName: 'Bob' });
  const bob = joined.body.players[1];
  expect((await a.next('room:player_joined')).player).toMatchObject({ name: 'Bob', isGuest: true });
  const { gameId, roomId } = await a.next('game:start');
  const b = await LiveClient.as(url, guest);
  const { room } = await b.ask({ type: 'room:join', code }, 'room:state');
  expect(room).toMatchObject({ status: 'playing', gameId });
  expect(room.players.map((p) => p.connected)).toEqual([true, true]);
  // Both see both connected; what follows starts from a clean slate.
  const bothConnected = ({ room }: { room: Room }) => room.players.every((p) => p.connected);
  await Promise.all([a.next('room:update', bothConnected), b.next('room:update', bothConnected)]);
  a.drain();
  b.drain();
  return { alice, guest, bobId: bob.id as string, a, b, code, gameId, roomId };
}

/** Sends a move and takes the `game:move` both players get for it, checking they agree. */
async function move(sender: LiveClient, both: LiveClient[], gameId: string, text: string, version: number) {
  sender.send({ type: 'game:move', gameId, from: text.slice(0, 2), to: text.slice(2, 4), version });
  const got = await Promise.all(both.map((c) => c.next('game:move')));
  for (const m of got) {
    expect(ServerMessage.parse(m)).toEqual(got[0]);
    expect(m).toMatchObject({ gameId, version: version + 1 });
    expect(JSON.stringify(m).length).toBeLessThanOrEqual(512);
  }
  return got[0];
}

/** The game as the client asks for it (game:sync), followed from there by its move frames. */
async function following(client: LiveClient, gameId: string): Promise<FollowedGame> {
  return FollowedGame.from((await client.ask({ type: 'game:sync', gameId, version: 0 }, 'game:state')).state);
}

describe('live play at /ws', () => {
  it('plays a room game: moves relayed with versions, a defender choice, a draw rejected then accepted', async () => {
    const { alice, bobId, a, b, gameId } = await liveRoom();
    const both = [a, b];
    expect((await move(a, both, gameId, 'e2e4', 0)).text).toBe('e2e4');
    await move(b, both, gameId, 'e7e5', 1);
    // The HTTP intentions take the same path and reach the sockets too.
    expect((await alice.post(`/api/games/${gameId}/moves`, { from: 'g1', to: 'f3' })).status).toBe(200);
    for (const c of both) expect(await c.next('game:move')).toMatchObject({ version: 3, text: 'g1f3' });
    await move(b, both, gameId, 'b8c6', 3);
    await move(a, both, gameId, 'f1b5', 4);
    await move(b, both, gameId, 'a7a6', 5);
    await move(a, both, gameId, 'b5c6', 6);
    // The frames say only the move: the rules on the client's copy derive the rest.
    const followed = await following(a, gameId);
    expect(followed.apply(await move(b, both, gameId, 'b7c6', 7))).toMatchObject({
      kind: 'applied',
      state: {
        message: 'Shared box attacked! White must choose which piece to sacrifice.',
        gameState: { pendingDefenderChoice: { defender: 'white', coordinate: 'c6' } },
      },
    });

    a.send({ type: 'game:choose', gameId, sacrifice: 'bishop', version: 8 });
    const [choice] = await Promise.all(both.map((c) => c.next('game:move')));
    expect(choice).toMatchObject({ version: 9, text: 'sac=B' });
    const chosen = followed.apply(choice);
    expect(chosen).toMatchObject({
      kind: 'applied',
      state: { message: 'Bishop sacrificed, mixed shared box created' },
    });
    expect(followed.state.gameState.moveHistory.at(-1)).toMatchObject({ sacrificed: 'bishop' });
    expect(followed.state).toEqual((await following(b, gameId)).state);

    b.send({ type: 'game:draw_request', gameId });
    for (const c of both)
      expect(await c.next('game:draw_requested')).toMatchObject({ version: 10, requestedBy: bobId });
    a.send({ type: 'game:draw_respond', gameId, accept: false });
    for (const c of both) {
      expect(await c.next('game:draw_rejected')).toMatchObject({ version: 11, state: { status: 'active' } });
    }
    a.send({ type: 'game:draw_request', gameId });
    for (const c of both) {
      expect(await c.next('game:draw_requested')).toMatchObject({ version: 12, requestedBy: alice.user.id });
    }
    b.send({ type: 'game:draw_respond', gameId, accept: true });
    for (const c of both) {
      expect(await c.next('game:draw_accepted')).toMatchObject({ version: 13, state: { status: 'draw' } });
    }
    expect([...a.drain(), ...b.drain()]).toEqual([]);
  });

  it('resigns, plays a rematch with the colours swapped, and ends it by the inactivity sweep', async () => {
    const { alice, bobId, a, b, gameId } = await liveRoom();
    const both = [a, b];
    a.send({ type: 'game:resign', gameId });
    for (const c of both) {
      expect(await c.next('game:resigned')).toMatchObject({
        resignedBy: alice.user.id,
        winnerId: bobId,
        version: 1,
      });
    }
    a.send({ type: 'game:rematch_offer', gameId });
    expect(await b.next('game:rematch_offered')).toEqual({
      type: 'game:rematch_offered',
      gameId,
      offeredBy: alice.user.id,
    });
    b.send({ type: 'game:rematch_respond', gameId, accept: false });
    for (const c of both) expect((await c.next('game:rematch_declined')).declinedBy).toBe(bobId);
    b.send({ type: 'game:rematch_offer', gameId });
    await a.next('game:rematch_offered');
    a.send({ type: 'game:rematch_respond', gameId, accept: true });
    const [start] = await Promise.all(both.map((c) => c.next('game:start')));
    expect(start.gameId).not.toBe(gameId);
    const { room } = await a.next('room:update');
    expect(room).toMatchObject({ gameId: start.gameId, hostIsWhite: 0 });

    // Bob is white now; the room's sockets follow the new game without asking.
    await move(b, both, start.gameId, 'e2e4', 0);
    expect((await following(b, start.gameId)).state).toMatchObject({
      whitePlayerId: bobId,
      blackPlayerId: alice.user.id,
    });
    server.advance(6 * 60_000);
    await endInactiveGames(server.app.services, server.app.log);
    for (const c of both) {
      expect(await c.next('game:timeout')).toMatchObject({
        gameId: start.gameId,
        version: 2,
        winnerId: bobId,
        inactivePlayerId: alice.user.id,
        state: { status: 'abandoned', winner: 'white' },
      });
    }
    a.send({ type: 'game:rematch_respond', gameId: start.gameId, accept: true });
    expect(await a.next('error')).toMatchObject({
      code: 'noRematch',
      message: 'There is no rematch offer to answer',
    });
  });

  it("tells the lobby the host's time control, and the joining player sees it in the room", async () => {
    const host = server.agent();
    const { id, code } = (await host.post('/api/rooms', { displayName: 'Ann' })).body;
    const lobby = await LiveClient.as(url, host);
    await lobby.ask({ type: 'room:join', code }, 'room:state');
    lobby.drain();
    const blitz = { kind: 'clock', minutes: 5, increment: 3 };
    expect((await host.post(`/api/rooms/${id}/time-control`, { timeControl: blitz })).status).toBe(200);
    expect((await lobby.next('room:update')).room.timeControl).toEqual(blitz);
    const joiner = server.agent();
    const seen = await joiner.get(`/api/rooms/${code}`);
    expect(seen.body).toMatchObject({ status: 'waiting', timeControl: blitz });
  });

  it('lets anyone watch read-only, counting the spectators for the players', async () => {
    const { a, b, code, gameId } = await liveRoom();
    const carol = await server.signedIn();
    const c = await LiveClient.as(url, carol);
    expect(await c.ask({ type: 'game:watch', gameId }, 'game:state')).toMatchObject({ gameId, version: 0 });
    for (const p of [a, b])
      expect(await p.next('game:spectators')).toEqual({ type: 'game:spectators', gameId, count: 1 });
    expect(await c.ask({ type: 'game:move', gameId, from: 'e2', to: 'e4', version: 0 }, 'error')).toEqual({
      type: 'error',
      message: "Spectators cannot play; only the game's players can",
      code: 'spectator',
    });
    expect(await c.ask({ type: 'room:join', code }, 'error')).toMatchObject({ code: 'roomFull' });
    await move(a, [a, b, c], gameId, 'e2e4', 0);
    c.close();
    expect((await a.next('game:spectators')).count).toBe(0);
    b.send({ type: 'room:leave' });
    const left = await a.next('room:player_left');
    expect(left.playerName).toBe('Bob');
    expect(left.room.players.map((p) => p.name)).toHaveLength(1);
  });
});

describe('hostile clients at /ws', () => {
  it('refuses what a player may not do, changes nothing, and stays healthy', async () => {
    const { a, b, gameId } = await liveRoom();
    const other = await liveRoom();
    const before = await snapshot(server, gameId);
    const refusals: [LiveClient, object | string, object][] = [
      [b, { type: 'game:move', gameId, from: 'e2', to: 'e4', version: 0 }, { code: 'notYourTurn' }],
      [b, { type: 'game:move', gameId, from: 'e7', to: 'e5', version: 0 }, { code: 'notYourTurn' }],
      [a, { type: 'game:move', gameId, from: 'e2', to: 'e4', version: 3 }, { code: 'staleVersion' }],
      [a, { type: 'game:move', gameId, from: 'e2', to: 'e5', version: 0 }, { code: 'invalidMove' }],
      [
        a,
        { type: 'game:move', gameId: other.gameId, from: 'e2', to: 'e4', version: 0 },
        { message: 'Game not found' },
      ],
      [
        a,
        { type: 'game:draw_respond', gameId, accept: true },
        { message: 'There is no draw request to respond to' },
      ],
      [a, 'not json', { code: 'invalidMessage', message: 'Messages are JSON objects' }],
      [a, { type: 'game:teleport', gameId }, { code: 'invalidMessage' }],
      [
        a,
        { type: 'game:move', gameId, from: 'e9', to: 'e4', version: 0 },
        { message: 'from: must be a square from a1 to h8' },
      ],
      [
        a,
        { type: 'game:move', gameId, from: 'e2', to: 'e4', version: 0, state: {} },
        { code: 'invalidMessage' },
      ],
      [a, { type: 'game:rematch_offer', gameId }, { code: 'noRematch' }],
    ];
    for (const [client, message, refusal] of refusals) {
      expect(await client.ask(message as object, 'error'), JSON.stringify(message)).toMatchObject(refusal);
    }
    a.ws.send(Buffer.from('{"type":"room:leave"}'), { binary: true });
    expect(await a.next('error')).toMatchObject({ code: 'invalidMessage' });
    expect(await snapshot(server, gameId)).toEqual(before);
    expect([...a.drain(), ...b.drain()]).toEqual([]);

    // Still a working game.
    await move(a, [a, b], gameId, 'e2e4', 0);
  });

  it('refuses a move on a resigned game as ended, though the final position has the other side to move', async () => {
    const { a, b, gameId } = await liveRoom();
    // White resigns on its own turn: black is not the side to move, and the game is over.
    a.send({ type: 'game:resign', gameId });
    const { version } = await b.next('game:resigned');
    const before = await snapshot(server, gameId);
    const move = { type: 'game:move', gameId, from: 'e7', to: 'e5', version };
    expect(await b.ask(move, 'error')).toMatchObject({ message: 'Game has ended.', code: 'gameEnded' });
    expect(await snapshot(server, gameId)).toEqual(before);
  });

  it('takes a socket without a valid cookie for a visitor, who may not play; refuses other sites, too big frames or too many', async () => {
    const { guest, a, b, gameId } = await liveRoom();
    const refused = (headers: Record<string, string>) =>
      LiveClient.open(url, headers).then(
        () => 'open',
        (e) => e.message,
      );
    const [payload, signature] = guest.cookies.get(GUEST_COOKIE)!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, name: 'Mallory' })).toString('base64url');
    const before = await snapshot(server, gameId);
    // A forged or unsigned cookie names nobody: the socket is a visitor's, not the guest's.
    for (const cookie of [`${GUEST_COOKIE}=${forged}.${signature}`, `${GUEST_COOKIE}=${payload}`, '']) {
      const visitor = await LiveClient.open(url, cookie ? { cookie } : {});
      expect(await visitor.ask({ type: 'game:resign', gameId }, 'error')).toMatchObject({
        code: 'signInRequired',
        message: 'Sign in or choose a guest name first',
      });
      visitor.close();
    }
    expect(await snapshot(server, gameId)).toEqual(before);
    expect(
      await refused({ cookie: `${GUEST_COOKIE}=${payload}.${signature}`, origin: 'https://evil.example' }),
    ).toBe('403');

    const big = await LiveClient.as(url, guest);
    big.send('x'.repeat(5000));
    expect((await big.closed).code).toBe(1009);

    const flood = await LiveClient.as(url, guest);
    for (let i = 0; i < 30; i++) flood.send({ type: 'game:sync', gameId, version: 0 });
    expect((await flood.closed).code).toBe(1008);

    expect((await server.agent().get('/healthz')).status).toBe(200);
    await move(a, [a, b], gameId, 'e2e4', 0);
  });
});

describe('presence', () => {
  // Last: it restarts the server.
  it('counts a socket out of its room when it closes, and when the server stops', async () => {
    const { a, b, code } = await liveRoom();
    a.close();
    const { room } = await b.next('room:update');
    expect(room.players.map((p) => p.connected)).toEqual([false, true]);
    await server.restart();
    await b.closed;
    const after = Room.parse((await server.agent().get(`/api/rooms/${code}`)).body);
    expect(after.players.map((p) => p.connected)).toEqual([false, false]);
  });
});
