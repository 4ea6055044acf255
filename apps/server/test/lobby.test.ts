import { GUEST_NAME_FOR_LOBBY, LobbyState, type SeekResponse } from '@sbc/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, seeks } from '../src/db/schema.ts';
import { startServer, type TestServer } from './helpers.ts';
import { LiveClient, listen } from './live-helpers.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  // Seeks are limited per player and per address: a test file makes many from one address.
  server = await startServer({ env: { RATE_LIMIT_SCALE: '20' } });
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

let guests = 0;
async function guest(name = `Guest ${++guests}`) {
  const agent = server.agent();
  const res = await agent.post('/api/guest', { displayName: name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.assign(agent, { id: res.body.id as string });
}

const seekPool = (agent: ReturnType<TestServer['agent']>, pool = '3+2') =>
  agent.post<SeekResponse>('/api/lobby/seeks', { kind: 'pool', pool });
const seekCustom = (agent: ReturnType<TestServer['agent']>, color: string, minutes = 7) =>
  agent.post<SeekResponse>('/api/lobby/seeks', {
    kind: 'custom',
    timeControl: { kind: 'clock', minutes, increment: 0 },
    color,
  });

const gameRow = async (id: string) =>
  (await server.app.services.database.db.select().from(games).where(eq(games.id, id)))[0];
const seekRows = (playerId: string) =>
  server.app.services.database.db.select().from(seeks).where(eq(seeks.playerId, playerId));

describe('becoming a guest', () => {
  it('makes a visitor a guest with the rooms cookie; a user gets their own player', async () => {
    const visitor = server.agent();
    const res = await visitor.post('/api/guest', { displayName: ' Ann ' });
    expect(res.body).toEqual({
      id: expect.stringMatching(/^guest-/),
      name: 'Ann',
      isGuest: true,
      rating: null,
    });
    expect((await visitor.post('/api/guest', { displayName: 'Ann' })).body.id).toBe(res.body.id);
    const user = await server.signedIn();
    expect((await user.post('/api/guest', { displayName: 'Bob' })).body).toEqual({
      id: user.user.id,
      name: user.user.username,
      isGuest: false,
      rating: null,
    });
    expect(await server.agent().post('/api/guest', { displayName: user.user.username })).toMatchObject({
      status: 409,
      body: { code: 'nameTaken' },
    });
    expect((await server.agent().post('/api/guest', {})).status).toBe(400);
  });

  it('refuses a seek from a visitor with the name to give', async () => {
    expect(await seekPool(server.agent())).toMatchObject({
      status: 401,
      body: { message: GUEST_NAME_FOR_LOBBY, code: 'guestNameRequired' },
    });
    expect((await server.agent().get('/api/lobby')).body.mine).toEqual([]);
  });
});

describe('quick pairing', () => {
  it('pairs two seekers of a pool into a room game; both sockets get game:start; colours alternate', async () => {
    const [ann, bob] = [await guest('Ann'), await guest('Bob')];
    const [annSocket, bobSocket] = await Promise.all([LiveClient.as(url, ann), LiveClient.as(url, bob)]);
    const first = await seekPool(ann, '1+0');
    expect(first).toMatchObject({
      status: 201,
      body: { gameId: null, seek: { kind: 'pool', color: 'random' } },
    });
    expect(first.body.seek).toMatchObject({
      player: { id: ann.id, name: 'Ann', isGuest: true },
      speed: 'bullet',
    });
    const second = await seekPool(bob, '1+0');
    expect(second).toMatchObject({ status: 201, body: { seek: null, gameId: expect.any(String) } });
    const gameId = second.body.gameId!;
    for (const socket of [annSocket, bobSocket]) {
      const start = await socket.next('game:start');
      expect(start.gameId).toBe(gameId);
      expect((await server.agent().get(`/api/rooms/${start.roomId}`)).body).toMatchObject({
        status: 'playing',
        gameId,
        timeControl: { kind: 'clock', minutes: 1, increment: 0 },
      });
    }
    const game = await gameRow(gameId);
    expect([game.whitePlayerId, game.blackPlayerId].sort()).toEqual([ann.id, bob.id].sort());
    expect(game).toMatchObject({ mode: 'online', timeControl: { kind: 'clock', minutes: 1, increment: 0 } });
    expect((await ann.get(`/api/lobby/seeks/${first.body.seek!.id}`)).body).toEqual({
      id: first.body.seek!.id,
      state: 'paired',
      gameId,
    });

    // Again: who was white plays black.
    await seekPool(bob, '2+1');
    const again = await seekPool(ann, '2+1');
    const next = await gameRow(again.body.gameId!);
    expect(next.whitePlayerId).toBe(game.blackPlayerId);
    expect(next.blackPlayerId).toBe(game.whitePlayerId);
    await annSocket.next('game:start', (m) => m.gameId === next.id);
    annSocket.close();
    bobSocket.close();
  });

  it('returns the open seek on a second click, caps a player at 3 seeks, and cancels', async () => {
    const ann = await guest();
    const first = await seekPool(ann, '5+0');
    const twin = await seekPool(ann, '5+0');
    expect(twin.status).toBe(200);
    expect(twin.body.seek!.id).toBe(first.body.seek!.id);
    await seekPool(ann, '5+3');
    await seekCustom(ann, 'white', 4);
    expect(await seekPool(ann, '10+0')).toMatchObject({
      status: 409,
      body: {
        code: 'tooManySeeks',
        message: 'You already have 3 open seeks. Cancel one before you make another.',
      },
    });
    const lobby = LobbyState.parse((await ann.get('/api/lobby')).body);
    expect(lobby.mine).toHaveLength(3);
    expect(lobby.pools.find((p) => p.pool === '5+0')).toMatchObject({ speed: 'blitz', waiting: 1 });
    expect(lobby.pools.map((p) => p.pool)).toEqual([
      '1+0',
      '2+1',
      '3+0',
      '3+2',
      '5+0',
      '5+3',
      '10+0',
      '10+5',
      '15+10',
      '30+0',
      '30+20',
    ]);

    const id = first.body.seek!.id;
    expect(await server.agent().delete(`/api/lobby/seeks/${id}`)).toMatchObject({ status: 404 });
    expect((await ann.delete(`/api/lobby/seeks/${id}`)).body).toEqual({
      id,
      state: 'cancelled',
      gameId: null,
    });
    expect((await ann.get(`/api/lobby/seeks/${id}`)).body.state).toBe('cancelled');
    expect((await seekPool(ann, '10+0')).status).toBe(201);
    for (const seek of (await ann.get('/api/lobby')).body.mine)
      await ann.delete(`/api/lobby/seeks/${seek.id}`);
  });

  it('pairs custom seeks of compatible colours only, and lists the open ones', async () => {
    const [ann, bob, cy] = [await guest(), await guest(), await guest()];
    const annSeek = await seekCustom(ann, 'white', 6);
    expect((await seekCustom(bob, 'white', 6)).body.seek).toMatchObject({ color: 'white' });
    const listed = (await server.agent().get('/api/lobby')).body.seeks.map((s: { id: string }) => s.id);
    expect(listed.slice(0, 2)).toEqual([expect.any(String), annSeek.body.seek!.id]);
    const paired = await seekCustom(cy, 'black', 6);
    const game = await gameRow(paired.body.gameId!);
    expect(game).toMatchObject({ whitePlayerId: ann.id, blackPlayerId: cy.id });
  });

  it("accepts a listed custom seek, not one's own, not one gone", async () => {
    const [ann, bob] = [await guest(), await guest()];
    const seek = (await seekCustom(ann, 'black', 20)).body.seek!;
    expect(await ann.post(`/api/lobby/seeks/${seek.id}/accept`)).toMatchObject({
      status: 400,
      body: { message: 'You cannot accept your own seek' },
    });
    const accepted = await bob.post(`/api/lobby/seeks/${seek.id}/accept`);
    expect(accepted).toMatchObject({ status: 201, body: { seek: null } });
    expect(await gameRow(accepted.body.gameId)).toMatchObject({
      whitePlayerId: bob.id,
      blackPlayerId: ann.id,
    });
    expect(await (await guest()).post(`/api/lobby/seeks/${seek.id}/accept`)).toMatchObject({
      status: 409,
      body: { code: 'seekGone', message: 'This seek is no longer open' },
    });
    const pool = (await seekPool(ann, '30+20')).body.seek!;
    expect((await bob.post(`/api/lobby/seeks/${pool.id}/accept`)).status).toBe(404);
  });

  it('settles a cancel racing an accept one way: cancelled and unpaired, or paired into the game', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const [ann, bob] = [await guest(), await guest()];
        const seek = (await seekCustom(ann, 'white', 45)).body.seek!;
        const [cancel, accept] = await Promise.all([
          ann.delete(`/api/lobby/seeks/${seek.id}`),
          bob.post(`/api/lobby/seeks/${seek.id}/accept`),
        ]);
        return { cancel: cancel.body, accept };
      }),
    );
    for (const { cancel, accept } of rounds) {
      if (cancel.state === 'cancelled') expect(accept.body.code).toBe('seekGone');
      else expect(cancel).toMatchObject({ state: 'paired', gameId: accept.body.gameId });
    }
  });

  it('refuses seeks and accepts during maintenance', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const [ann, bob] = [await guest(), await guest()];
    const seek = (await seekCustom(ann, 'white', 60)).body.seek!;
    await admin.post('/api/admin/maintenance', { enabled: true, message: 'Back at noon.' });
    try {
      const refused = { status: 503, body: { maintenanceMode: true, message: 'Back at noon.' } };
      expect(await seekPool(bob, '3+0')).toMatchObject(refused);
      expect(await bob.post(`/api/lobby/seeks/${seek.id}/accept`)).toMatchObject(refused);
      expect((await ann.get(`/api/lobby/seeks/${seek.id}`)).body.state).toBe('open');
    } finally {
      await admin.post('/api/admin/maintenance', { enabled: false });
    }
    await ann.delete(`/api/lobby/seeks/${seek.id}`);
  });

  it('refuses forged input and changes nothing', async () => {
    const ann = await guest();
    for (const body of [
      { kind: 'pool', pool: '4+0' },
      { kind: 'pool', pool: '3+2', color: 'white' },
      { kind: 'custom', timeControl: { kind: 'untimed' } },
      { kind: 'custom', timeControl: { kind: 'clock', minutes: 3, increment: 2 }, color: 'green' },
      { kind: 'other' },
    ]) {
      expect((await ann.post('/api/lobby/seeks', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await ann.post('/api/lobby/seeks', { kind: 'custom', timeControl: { kind: 'untimed' } })).body.message,
    ).toBe('timeControl: A lobby game has a time control');
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await ann.get(`/api/lobby/seeks/${id}`)).status).toBeGreaterThanOrEqual(400);
      expect([400, 404]).toContain((await ann.post(`/api/lobby/seeks/${id}/accept`)).status);
    }
    expect(await seekRows(ann.id)).toEqual([]);
  });

  it('ends the open seeks of a player whose room game starts', async () => {
    const [ann, bob] = [await guest(), await guest()];
    const seek = (await seekPool(ann, '15+10')).body.seek!;
    const room = (await ann.post('/api/rooms', {})).body;
    expect((await bob.post('/api/rooms/join', { roomCode: room.code })).status).toBe(200);
    expect((await ann.get(`/api/lobby/seeks/${seek.id}`)).body).toEqual({
      id: seek.id,
      state: 'played',
      gameId: null,
    });
  });

  it('pairs every seeker of a burst at most once (one process)', async () => {
    const seekers = await Promise.all(Array.from({ length: 20 }, () => guest()));
    const answers = await Promise.all(seekers.map((s) => seekPool(s, '30+0')));
    const gameIds = answers.map((a) => a.body.gameId).filter(Boolean);
    expect(gameIds).toHaveLength(10);
    const players = (await Promise.all(gameIds.map((id) => gameRow(id!)))).flatMap((g) => [
      g.whitePlayerId,
      g.blackPlayerId,
    ]);
    expect(new Set(players).size).toBe(20);
    expect(
      (await server.agent().get('/api/lobby')).body.pools.find((p: { pool: string }) => p.pool === '30+0'),
    ).toMatchObject({ waiting: 0, playing: 20 });
  });

  it('pairs a seeker in two pools in one of them only', async () => {
    const [ann, bob, cy] = [await guest(), await guest(), await guest()];
    await seekPool(ann, '10+5');
    await seekPool(ann, '3+0');
    const [b, c] = await Promise.all([seekPool(bob, '10+5'), seekPool(cy, '3+0')]);
    expect([b.body.gameId, c.body.gameId].filter(Boolean)).toHaveLength(1);
    expect((await ann.get('/api/lobby')).body.mine).toEqual([]);
    const left = b.body.gameId ? cy : bob;
    expect((await left.get('/api/lobby')).body.mine).toHaveLength(1);
  });
});

describe('the lobby on the socket', () => {
  it('sends the state, then seeks opened and ended, to a watching socket', async () => {
    const [ann, watcher] = [await guest(), await guest()];
    const socket = await LiveClient.as(url, watcher);
    const state = await socket.ask({ type: 'lobby:watch' }, 'lobby:state');
    expect(LobbyState.parse(state).mine).toEqual([]);
    const seek = (await seekCustom(ann, 'random', 25)).body.seek!;
    expect((await socket.next('lobby:seek')).seek).toEqual(seek);
    await ann.delete(`/api/lobby/seeks/${seek.id}`);
    expect(await socket.next('lobby:unseek', (m) => m.seekId === seek.id, 1000)).toBeTruthy();
    await seekPool(ann, '2+1');
    const pools = await socket.next(
      'lobby:pools',
      (m) => m.pools.some((p) => p.pool === '2+1' && p.waiting === 1),
      3000,
    );
    expect(pools.pools).toHaveLength(11);
    socket.close();
  });

  it('seeks over the socket as over HTTP: answered with lobby:seek_answer, refused with error', async () => {
    const [ann, bob] = [await guest('Ann'), await guest('Bob')];
    const [annSocket, bobSocket] = await Promise.all([LiveClient.as(url, ann), LiveClient.as(url, bob)]);
    const seek = { type: 'lobby:seek', seek: { kind: 'pool', pool: '5+3' } };
    const opened = await annSocket.ask(seek, 'lobby:seek_answer');
    expect(opened).toMatchObject({ gameId: null, seek: { kind: 'pool', player: { id: ann.id } } });
    // A second click finds the open seek, as the call does.
    expect((await annSocket.ask(seek, 'lobby:seek_answer')).seek!.id).toBe(opened.seek!.id);
    const paired = await bobSocket.ask(seek, 'lobby:seek_answer');
    expect(paired).toMatchObject({ seek: null, gameId: expect.any(String) });
    expect((await annSocket.next('game:start')).gameId).toBe(paired.gameId);
    expect((await ann.get(`/api/lobby/seeks/${opened.seek!.id}`)).body.state).toBe('paired');

    const bad = await annSocket.ask({ type: 'lobby:seek', seek: { kind: 'pool', pool: '4+0' } }, 'error');
    expect(bad.code).toBe('invalidMessage');
    const visitor = await LiveClient.as(url, server.agent());
    expect(await visitor.ask(seek, 'error')).toMatchObject({ code: 'signInRequired' });
    expect(await seekRows(ann.id)).toHaveLength(1);
    for (const socket of [annSocket, bobSocket, visitor]) socket.close();
  });

  it('ends the seek of a player with no socket for 10 s, not while a socket is open', async () => {
    const ann = await guest();
    const socket = await LiveClient.as(url, ann);
    const seek = (await seekPool(ann, '10+0')).body.seek!;
    const idle = async () => {
      for (let i = 0; i < 2; i++) {
        server.advance(5000);
        await new Promise((r) => setTimeout(r, 1500));
      }
    };
    await idle();
    expect((await ann.get(`/api/lobby/seeks/${seek.id}`)).body.state).toBe('open');
    socket.close();
    await socket.closed;
    await idle();
    expect((await ann.get(`/api/lobby/seeks/${seek.id}`)).body.state).toBe('gone');
  });
});
