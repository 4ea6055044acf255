import { GamePage, GameResponse, Room } from '@sbc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_COOKIE } from '../src/features/rooms/guests.ts';
import { offerRematch, respondToRematch } from '../src/features/rooms/rematch.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

async function hostedRoom(body: object = { displayName: 'Ann' }) {
  const host = server.agent();
  const res = await host.post('/api/rooms', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { host, room: Room.parse(res.body) };
}

describe('rooms', () => {
  it('lets a visitor create a room as a named guest, and a user with no body at all', async () => {
    const visitor = server.agent();
    expect(await visitor.post('/api/rooms', {})).toMatchObject({
      status: 400,
      body: { message: 'Please enter your name to create a room as a guest' },
    });
    expect((await visitor.post('/api/rooms', { displayName: 'x'.repeat(21) })).body.message).toBe(
      'displayName: Name must be at most 20 characters',
    );
    const { host, room } = await hostedRoom({ displayName: ' Ann ' });
    expect(room).toMatchObject({ hostIsWhite: 1, status: 'waiting', gameId: null, spectators: 0 });
    expect(room.code).toMatch(CODE);
    expect(room.players).toEqual([
      { id: room.hostUserId, name: 'Ann', isHost: true, isGuest: true, connected: false, absentSince: null },
    ]);
    expect(room.hostUserId).toMatch(/^guest-/);
    expect(host.cookies.get(GUEST_COOKIE)).toBeTruthy();

    const user = await server.signedIn();
    const res = await user.request('POST', '/api/rooms');
    expect(res.status).toBe(201);
    expect(res.body.players).toEqual([
      {
        id: user.user.id,
        name: user.user.username,
        isHost: true,
        isGuest: false,
        connected: false,
        absentSince: null,
      },
    ]);
  });

  it('shows a room by its code in any case, or by its id, to anyone', async () => {
    const { room } = await hostedRoom();
    for (const key of [room.code, room.code.toLowerCase(), room.id]) {
      expect(await server.agent().get(`/api/rooms/${key}`)).toMatchObject({ status: 200, body: room });
    }
    expect(await server.agent().get('/api/rooms/ZZZZZZ')).toMatchObject({
      status: 404,
      body: { message: 'Room not found' },
    });
  });

  it('words bad joins as the lobby does', async () => {
    const { room } = await hostedRoom();
    const visitor = server.agent();
    const join = (body: object) => visitor.post('/api/rooms/join', body);
    expect((await join({})).body.message).toBe('roomCode: Please enter a room code');
    expect((await join({ roomCode: 'ABCDEFGHJ' })).body.message).toBe(
      'roomCode: A room code is at most 8 characters',
    );
    expect(await join({ roomCode: room.code })).toMatchObject({
      status: 400,
      body: { message: 'Please enter your name to join as a guest' },
    });
    expect(await join({ roomCode: 'ZZZZZZ', guestName: 'Bo' })).toMatchObject({
      status: 404,
      body: { message: 'Room not found' },
    });
  });

  it('lets only the host choose the colour, and only while a seat is free', async () => {
    const { host, room } = await hostedRoom();
    const other = await server.signedIn();
    const color = (agent: typeof host, hostIsWhite: unknown) =>
      agent.patch(`/api/rooms/${room.code}/color`, { hostIsWhite });
    expect((await color(host, true)).body.message).toBe('hostIsWhite: hostIsWhite must be 1 or 0');
    expect(await color(other, 0)).toMatchObject({
      status: 403,
      body: { message: 'Only the host can choose the colours' },
    });
    expect(await color(server.agent(), 0)).toMatchObject({ status: 401 });
    expect(await color(host, 0)).toMatchObject({ status: 200, body: { hostIsWhite: 0 } });
    await other.post('/api/rooms/join', { roomCode: room.code });
    expect(await color(host, 1)).toMatchObject({
      status: 409,
      body: { message: 'The colours are fixed once two players are in the room' },
    });
  });

  it('lets only the host choose the time control while a seat is free; the game and its rematch take it', async () => {
    const { host, room } = await hostedRoom();
    const other = await server.signedIn();
    const blitz = { kind: 'clock', minutes: 3, increment: 2 };
    const choose = (agent: typeof host, timeControl: unknown, key = room.id) =>
      agent.post(`/api/rooms/${key}/time-control`, { timeControl });
    expect((await choose(host, { kind: 'clock', minutes: 8, increment: 0 })).body.message).toBe(
      'timeControl.minutes: The initial time in minutes must be one of 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 7, 10, 15, 20, 25, 30, 40, 45, 60, 90, 120, 150, 180',
    );
    expect(await choose(other, blitz)).toMatchObject({
      status: 403,
      body: { message: 'Only the host can choose the time control' },
    });
    expect(await choose(server.agent(), blitz)).toMatchObject({ status: 401 });
    // The guest host, by the room's code as well as its id.
    expect(await choose(host, { kind: 'correspondence', days: 3 }, room.code)).toMatchObject({
      status: 200,
      body: { timeControl: { kind: 'correspondence', days: 3 } },
    });
    expect(await choose(host, blitz)).toMatchObject({ status: 200, body: { timeControl: blitz } });
    expect((await server.agent().get(`/api/rooms/${room.code}`)).body.timeControl).toEqual(blitz);

    const { gameId } = (await other.post('/api/rooms/join', { roomCode: room.code })).body;
    expect(await choose(host, { kind: 'untimed' })).toMatchObject({
      status: 409,
      body: { message: 'The time control is fixed once two players are in the room' },
    });
    expect((await other.get(`/api/games/${gameId}`)).body.timeControl).toEqual(blitz);

    // The rematch (offered and accepted as the socket's messages are) keeps it.
    await other.post(`/api/games/${gameId}/resign`);
    const { services, log } = server.app;
    const ann = { id: room.hostUserId, name: 'Ann', isGuest: true };
    const bob = { id: other.user.id, name: other.user.username, isGuest: false };
    await offerRematch(services, log, ann, gameId);
    await respondToRematch(services, log, bob, gameId, true);
    const rematch = (await server.agent().get(`/api/rooms/${room.id}`)).body.gameId;
    expect(rematch).not.toBe(gameId);
    expect((await other.get(`/api/games/${rematch}`)).body.timeControl).toEqual(blitz);
  });

  it('starts the game with the second player, keeps a seat across a reload, and refuses a third', async () => {
    const { host, room } = await hostedRoom();
    await host.patch(`/api/rooms/${room.code}/color`, { hostIsWhite: 0 });
    const bob = await server.signedIn();
    const joined = await bob.post('/api/rooms/join', {
      roomCode: room.code.toLowerCase(),
      guestName: 'ignored',
    });
    expect(joined.status).toBe(200);
    const full = Room.parse(joined.body);
    expect(full).toMatchObject({ status: 'playing', gameId: expect.any(String) });
    expect(full.players.map((p) => [p.name, p.isHost, p.isGuest])).toEqual([
      ['Ann', true, true],
      [bob.user.username, false, false],
    ]);

    // The signed-in player sees the game, white, against the guest, named as they sat down.
    const game = GameResponse.parse((await bob.get(`/api/games/${full.gameId}`)).body);
    expect(game).toMatchObject({
      mode: 'online',
      roomId: room.id,
      whitePlayerId: bob.user.id,
      blackPlayerId: room.hostUserId,
      whitePlayer: { username: bob.user.username },
      blackPlayer: { username: 'Ann' },
      version: 0,
    });

    // A reload: the guest's cookie brings the same seat back.
    expect(await host.post('/api/rooms/join', { roomCode: room.code })).toMatchObject({
      status: 200,
      body: full,
    });

    const third = server.agent();
    expect(await third.post('/api/rooms/join', { roomCode: room.code, guestName: 'Cy' })).toMatchObject({
      status: 409,
      body: {
        code: 'roomFull',
        gameId: full.gameId,
        message: 'This room is full. You can watch the game instead.',
      },
    });
  });

  it('refuses a forged or altered guest cookie: it takes nobody else’s seat', async () => {
    const { host, room } = await hostedRoom();
    const [payload, signature] = host.cookies.get(GUEST_COOKIE)!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, name: 'Mallory' })).toString('base64url');
    for (const cookie of [`${forged}.${signature}`, forged, `${payload}.${'A'.repeat(signature.length)}`]) {
      const mallory = server.agent();
      mallory.cookies.set(GUEST_COOKIE, cookie);
      expect(await mallory.post(`/api/rooms/${room.code}/leave`)).toMatchObject({ status: 401 });
      expect(await mallory.patch(`/api/rooms/${room.code}/color`, { hostIsWhite: 0 })).toMatchObject({
        status: 401,
      });
    }
    expect((await server.agent().get(`/api/rooms/${room.code}`)).body).toEqual(room);
  });

  it('closes a room when everybody has left, and passes the host role on to whoever stays', async () => {
    const { host, room } = await hostedRoom();
    expect(await host.post(`/api/rooms/${room.code}/leave`)).toMatchObject({
      status: 200,
      body: { success: true, message: 'Left room' },
    });
    expect((await server.agent().get(`/api/rooms/${room.code}`)).body.status).toBe('closed');
    const bob = await server.signedIn();
    expect(await bob.post('/api/rooms/join', { roomCode: room.code })).toMatchObject({ status: 404 });
    expect(await host.post(`/api/rooms/${room.code}/leave`)).toMatchObject({ status: 404 });

    const second = await hostedRoom();
    await bob.post('/api/rooms/join', { roomCode: second.room.code });
    const left = await second.host.post(`/api/rooms/${second.room.code}/leave`);
    expect(left.status).toBe(200);
    const after = Room.parse((await bob.get(`/api/rooms/${second.room.code}`)).body);
    expect(after).toMatchObject({ hostUserId: bob.user.id, status: 'playing' });
    expect(after.players.map((p) => p.name)).toEqual([bob.user.username]);
    // The guest still plays the game: they may come back to their seat.
    expect(await second.host.post('/api/rooms/join', { roomCode: second.room.code })).toMatchObject({
      status: 200,
    });
  });

  it("lists a room's game under the Room filter and counts it among the two-player games", async () => {
    const alice = await server.signedIn();
    const bob = await server.signedIn();
    const created = await alice.post('/api/rooms');
    const { gameId } = (await bob.post('/api/rooms/join', { roomCode: created.body.code })).body;
    expect((await bob.post(`/api/games/${gameId}/resign`)).body).toMatchObject({
      status: 'resigned',
      winner: 'white',
    });
    for (const agent of [alice, bob]) {
      const games = GamePage.parse((await agent.get('/api/games')).body).items;
      expect(games.filter((g) => g.roomId !== null).map((g) => g.id)).toEqual([gameId]);
      expect((await agent.get('/api/games/statistics')).body.twoPlayerGames).toEqual({
        total: 1,
        whiteWon: 1,
        blackWon: 0,
        drawn: 0,
        resigned: 1,
        abandoned: 0,
      });
    }
  });
});
