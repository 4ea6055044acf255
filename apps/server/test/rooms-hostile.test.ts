import { Room } from '@sbc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../src/db/schema.ts';
import { startServer, type TestServer } from './helpers.ts';

/** Rooms under attack (issue #42): names that impersonate. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

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
