import { describe, expect, it } from 'vitest';
import { ClientMessage, CreateRoomRequest, JoinRoomRequest, RoomColorRequest } from '../src/index.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the room schemas', () => {
  it('upper-cases a room code and words a missing or bad one as the lobby does', () => {
    expect(JoinRoomRequest.parse({ roomCode: ' ab3k7q ' })).toEqual({ roomCode: 'AB3K7Q' });
    expect(messages(JoinRoomRequest.safeParse({ roomCode: '  ' }))).toEqual(['Please enter a room code']);
    expect(messages(JoinRoomRequest.safeParse({}))).toEqual(['Please enter a room code']);
    expect(messages(JoinRoomRequest.safeParse({ roomCode: 'ABCDEFGHJ' }))).toEqual([
      'A room code is at most 8 characters',
    ]);
    expect(messages(JoinRoomRequest.safeParse({ roomCode: 'AB-12' }))).toEqual([
      'A room code is letters and digits',
    ]);
  });

  it('takes a guest name of at most 20 characters; blank is no name', () => {
    expect(CreateRoomRequest.parse(undefined)).toEqual({});
    expect(CreateRoomRequest.parse(null)).toEqual({});
    expect(CreateRoomRequest.parse({ displayName: '  ' })).toEqual({ displayName: undefined });
    expect(CreateRoomRequest.parse({ displayName: ' Ann ' })).toEqual({ displayName: 'Ann' });
    expect(messages(CreateRoomRequest.safeParse({ displayName: 'x'.repeat(21) }))).toEqual([
      'Name must be at most 20 characters',
    ]);
    expect(messages(CreateRoomRequest.safeParse({ displayName: 'A\u0000nn' }))).toEqual([
      'Control characters are not allowed',
    ]);
  });

  it('takes the host colour as 1 or 0 only', () => {
    expect(RoomColorRequest.parse({ hostIsWhite: 0 })).toEqual({ hostIsWhite: 0 });
    expect(messages(RoomColorRequest.safeParse({ hostIsWhite: true }))).toEqual([
      'hostIsWhite must be 1 or 0',
    ]);
  });
});

describe('the socket protocol', () => {
  const gameId = '5b1e0c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';

  it('reads every client message by its type', () => {
    expect(ClientMessage.parse({ type: 'room:join', code: 'ab3k7q' })).toEqual({
      type: 'room:join',
      code: 'AB3K7Q',
      displayName: undefined,
    });
    const move = { type: 'game:move', gameId, from: 'e2', to: 'e4', version: 0 };
    expect(ClientMessage.parse(move)).toEqual(move);
  });

  it('refuses unknown types, unknown fields, missing versions and bad squares', () => {
    for (const bad of [
      { type: 'game:teleport', gameId },
      { type: 'game:resign', gameId, winner: 'white' },
      { type: 'game:move', gameId, from: 'e2', to: 'e4' },
      { type: 'game:move', gameId, from: 'e9', to: 'e4', version: 0 },
      { type: 'game:watch', gameId: 'not-an-id' },
      'room:leave',
    ]) {
      expect(ClientMessage.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
