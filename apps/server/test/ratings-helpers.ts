import type { TimeControl } from '@sbc/api';
import { asc, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { ratings } from '../src/db/schema.ts';
import { offerRematch, respondToRematch } from '../src/features/rooms/rematch.ts';
import type { Agent, TestServer } from './helpers.ts';

type User = Awaited<ReturnType<TestServer['signedIn']>>;

/** Two signed-in players at a room's game: white hosts it. */
export interface Pair {
  white: User;
  black: User;
  roomId: string;
  gameId: string;
}

/** Two new users' game in a room of `timeControl`, asked rated unless `rated` is false. */
export async function ratedPair(
  server: TestServer,
  timeControl: TimeControl,
  rated = true,
  on: (agent: User) => Agent = (agent) => agent,
): Promise<Pair> {
  const [white, black] = [await server.signedIn(), await server.signedIn()];
  const room = (await on(white).post('/api/rooms', {})).body;
  const chosen = await on(white).post(`/api/rooms/${room.code}/time-control`, {
    timeControl,
    ...(rated && { rated }),
  });
  expect(chosen.body).toMatchObject({ rated, timeControl });
  const joined = await on(black).post('/api/rooms/join', { roomCode: room.code });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { white, black, roomId: room.id, gameId: joined.body.gameId };
}

/** The room's next game, the colours swapped: offered by white, accepted by black. */
export async function rematch(server: TestServer, { white, black, roomId, gameId }: Pair): Promise<string> {
  const { services, log } = server.app;
  const player = (u: User) => ({ id: u.user.id, name: u.user.username, isGuest: false });
  await offerRematch(services, log, player(white), gameId);
  await respondToRematch(services, log, player(black), gameId, true);
  return (await white.get(`/api/rooms/${roomId}`)).body.gameId;
}

/** The pair's rating rows, white's first. */
export async function ratingRows(server: TestServer, { white, black }: Pair) {
  const rows = await server.app.services.database.db
    .select()
    .from(ratings)
    .where(inArray(ratings.userId, [white.user.id, black.user.id]))
    .orderBy(asc(ratings.speed));
  return [white, black].flatMap((u) => rows.filter((r) => r.userId === u.user.id));
}
