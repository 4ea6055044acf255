import { Room } from '@sbc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../src/db/schema.ts';
import { ADDRESS_LIMITS } from '../src/features/accounts/limits.ts';
import { WRONG_CODES } from '../src/features/rooms/guesses.ts';
import { WAITING_ROOMS_MAX } from '../src/features/rooms/service.ts';
import { agentAt } from './accounts.ts';
import { type Agent, onTwoInstances, startServer, type TestServer } from './helpers.ts';
import { LiveClient, listen } from './live-helpers.ts';

/** Rooms under attack (issue #42): guessed codes, rooms by the hundred, names that impersonate. */
let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startServer();
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

/** The same client (its cookies) from another address. */
function at(ip: string, agent: Agent): Agent {
  const moved = agentAt(server, ip);
  for (const [name, value] of agent.cookies) moved.cookies.set(name, value);
  return moved;
}

async function hostedRoom() {
  const res = await agentAt(server, '10.4.0.1').post('/api/rooms', { displayName: 'Ann' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Room.parse(res.body);
}

const RATE_LIMITED = {
  status: 429,
  body: { code: 'rateLimited', message: 'Too many wrong room codes. Please try again in 15 minutes.' },
};

const roomCount = async () => (await server.app.services.database.db.select().from(rooms)).length;

describe('guest names', () => {
  it('refuses invisible and bidi characters, registered names and reserved words, and stores NFC', async () => {
    await server.signedIn({ username: 'alice' });
    const hidden = 'Invisible and text-direction characters are not allowed';
    const reserved = 'This name is reserved. Please choose another.';
    const taken = 'This name belongs to a registered player. Please choose another.';
    const before = await roomCount();
    for (const [name, status, message] of [
      ['\u202Eevil', 400, hidden],
      ['al\u200Bice', 400, hidden],
      ['Bob\u2066', 400, hidden],
      ['\u200Fmallory', 400, hidden],
      ['Ann\uFEFF\u00ADx', 400, hidden],
      ['\u3164', 400, hidden],
      ['Admin', 400, reserved],
      [' MODERATOR ', 400, reserved],
      ['alice', 409, taken],
      ['ALICE', 409, taken],
      ['ａｌｉｃｅ', 409, taken],
    ] as const) {
      const create = await server.agent().post('/api/rooms', { displayName: name });
      const expected = status === 400 ? `displayName: ${message}` : message;
      expect({ name, status: create.status, message: create.body.message }).toEqual({
        name,
        status,
        message: expected,
      });
      const join = await server.agent().post('/api/rooms/join', { roomCode: 'ZZZZZZ', guestName: name });
      expect({ name, status: join.status }).toEqual({ name, status });
    }
    expect(await roomCount()).toBe(before);

    // A decomposed é is stored composed, so that two spellings of one name look and compare alike.
    const created = await server.agent().post('/api/rooms', { displayName: 'Rene\u0301' });
    expect(created.status).toBe(201);
    expect(Room.parse(created.body).players[0].name).toBe('Ren\u00e9');
  });
});

describe('guessing room codes', () => {
  it('refuses an address every lookup after 20 wrong codes, with Retry-After; right codes do not count', async () => {
    const room = await hostedRoom();
    const guesser = agentAt(server, '10.4.1.1');
    // Guesses sent at once: each counts as it arrives, so that no more than the allowance is tried.
    const guesses = await Promise.all(
      Array.from({ length: 3 * WRONG_CODES.perAddress }, (_, i) =>
        guesser.get(`/api/rooms/Z${String(i).padStart(5, '2').replace(/[01]/g, '9')}`),
      ),
    );
    const statuses = guesses.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(WRONG_CODES.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * WRONG_CODES.perAddress);
    // Now the right code is refused too, on every call that takes one.
    const refused = [
      await guesser.get(`/api/rooms/${room.code}`),
      await guesser.post('/api/rooms/join', { roomCode: room.code, guestName: 'Eve' }),
      await guesser.post(`/api/rooms/${room.code}/leave`),
      await guesser.patch(`/api/rooms/${room.code}/color`, { hostIsWhite: 0 }),
    ];
    for (const res of refused) {
      expect(res).toMatchObject(RATE_LIMITED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    expect((await agentAt(server, '10.4.1.2').get(`/api/rooms/${room.code}`)).body).toEqual(room);

    // A lobby polling its room is never refused: a room found gives its count back.
    const lobby = agentAt(server, '10.4.1.3');
    for (let i = 0; i < WRONG_CODES.perAddress + 5; i++) {
      expect((await lobby.get(`/api/rooms/${room.code}`)).status).toBe(200);
    }
    expect((await lobby.get('/api/rooms/ZZZZZZ')).status).toBe(404);
  });

  it('refuses a player 10 wrong codes whatever the address, over HTTP and the socket together', async () => {
    const user = await server.signedIn();
    for (let i = 0; i < WRONG_CODES.perPlayer - 1; i++) {
      const res = await at(`10.4.2.${i}`, user).post('/api/rooms/join', { roomCode: `ZZZZZ${i + 2}` });
      expect(res).toMatchObject({ status: 404, body: { message: 'Room not found', code: 'roomNotFound' } });
    }
    const socket = await LiveClient.as(url, user);
    expect(await socket.ask({ type: 'room:join', code: 'YYYYYY' }, 'error')).toMatchObject({
      message: 'Room not found',
      code: 'roomNotFound',
    });
    const room = await hostedRoom();
    expect(await socket.ask({ type: 'room:join', code: room.code }, 'error')).toMatchObject({
      message: RATE_LIMITED.body.message,
      code: 'rateLimited',
    });
    expect(await at('10.4.2.200', user).get(`/api/rooms/${room.code}`)).toMatchObject(RATE_LIMITED);
    socket.close();
    expect((await server.agent().get(`/api/rooms/${room.code}`)).body.players).toHaveLength(1);
  });
});

describe('rooms by the hundred', () => {
  it(`lets one player hold ${WAITING_ROOMS_MAX} rooms waiting, even when asked at once`, async () => {
    const user = await server.signedIn();
    const created = await Promise.all(
      Array.from({ length: 3 * WAITING_ROOMS_MAX }, (_, i) => at(`10.4.3.${i}`, user).post('/api/rooms')),
    );
    expect(created.filter((res) => res.status === 201)).toHaveLength(WAITING_ROOMS_MAX);
    for (const res of created.filter((res) => res.status !== 201)) {
      expect(res).toMatchObject({
        status: 409,
        body: {
          code: 'tooManyRooms',
          message: `You already have ${WAITING_ROOMS_MAX} rooms waiting for a second player. Leave one before you create another.`,
        },
      });
    }
    // A room that closes, or starts its game, makes room for another.
    const code = created.find((res) => res.status === 201)!.body.code;
    expect((await user.post(`/api/rooms/${code}/leave`)).status).toBe(200);
    expect((await user.post('/api/rooms')).status).toBe(201);
  });

  it('refuses an address more than 20 rooms a minute, whoever asks', async () => {
    const address = '10.4.4.1';
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_LIMITS.createRoom; i++) {
      statuses.push((await agentAt(server, address).post('/api/rooms', { displayName: `Bot ${i}` })).status);
    }
    expect(statuses).toEqual([...Array(ADDRESS_LIMITS.createRoom).fill(201), 429]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('wrong room codes in Redis', () => {
  it('are counted once for two instances: the address is refused after 20 across both', async () => {
    await onTwoInstances(process.env.REDIS_URL as string, async (one, two, ip) => {
      const statuses: number[] = [];
      for (let i = 0; i <= WRONG_CODES.perAddress; i++) {
        const server = i % 2 ? two : one;
        statuses.push(
          (await agentAt(server, ip).get(`/api/rooms/ZZZZZ${'23456789ABCDEFGHJKMNPQRS'[i]}`)).status,
        );
      }
      expect(statuses).toEqual([...Array(WRONG_CODES.perAddress).fill(404), 429]);
    });
  }, 60_000);
});
