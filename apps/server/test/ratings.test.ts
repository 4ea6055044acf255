import type { GameResponse, TimeControl } from '@sbc/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, ratingChanges, ratings } from '../src/db/schema.ts';
import type { GameEvent } from '../src/events/bus.ts';
import { endOnTime } from '../src/features/games/clocks.ts';
import {
  RANGE_GUEST_SEEK,
  RATED_GUEST_ACCEPT,
  RATED_GUEST_SEEK,
  wantedBy,
} from '../src/features/lobby/pairing.ts';
import { insertSeek } from '../src/features/lobby/store.ts';
import { RATED_GUEST_ROOM } from '../src/features/rooms/service.ts';
import { play } from './game-helpers.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';
import { ratedPair, ratingRows, rematch } from './ratings-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // Seeks are limited per player and per address: a test file makes many from one address.
  server = await startServer({ env: { RATE_LIMIT_SCALE: '20' } });
}, 60_000);
afterAll(() => server.close());

const bullet: TimeControl = { kind: 'clock', minutes: 1, increment: 0 };
const db = () => server.app.services.database.db;
const changesOf = (gameId: string) =>
  db().select().from(ratingChanges).where(eq(ratingChanges.gameId, gameId));

/** The game's events on the bus from now on. */
function eventsOf(gameId: string): GameEvent[] {
  const seen: GameEvent[] = [];
  server.app.services.bus.subscribe((e) => {
    if (e.gameId === gameId) seen.push(e);
  });
  return seen;
}

describe('a rated game', () => {
  it("starts at 1500? for new players and, resigned, moves both ratings once; every view shows '+n' / '-n'", async () => {
    const pair = await ratedPair(server, bullet);
    const { white, black, gameId } = pair;
    const started = (await white.get(`/api/games/${gameId}`)).body as GameResponse;
    expect(started.rated).toBe(true);
    expect(started.ratings).toEqual({
      white: { rating: 1500, provisional: true, diff: null },
      black: { rating: 1500, provisional: true, diff: null },
    });
    await play(white, gameId, 'e2e4');
    await play(black, gameId, 'e7e5');
    const events = eventsOf(gameId);
    const resigned = await black.post(`/api/games/${gameId}/resign`);
    expect(resigned.status).toBe(200);
    const { whiteRatingDiff, blackRatingDiff } = (
      await db().select().from(games).where(eq(games.id, gameId))
    )[0];
    expect(whiteRatingDiff).toBeGreaterThan(100);
    expect(blackRatingDiff).toBe(-(whiteRatingDiff as number));
    const ended = { rating: 1500, provisional: true };
    const shown = {
      white: { ...ended, diff: whiteRatingDiff },
      black: { ...ended, diff: blackRatingDiff },
    };
    expect(resigned.body.ratings).toEqual(shown);
    expect((JSON.parse(events[0].frame).state as GameResponse).ratings).toEqual(shown);
    expect((await server.agent().get(`/api/games/${gameId}`)).body.ratings).toEqual(shown);

    const rows = await ratingRows(server, pair);
    expect(rows.map((r) => [r.userId, Math.round(r.rating) - 1500, r.games, r.speed])).toEqual([
      [white.user.id, whiteRatingDiff, 1, 'bullet'],
      [black.user.id, blackRatingDiff, 1, 'bullet'],
    ]);
    const changes = await changesOf(gameId);
    expect(changes.map((c) => [c.userId, c.before, c.diff]).sort()).toEqual(
      [
        [white.user.id, 1500, whiteRatingDiff],
        [black.user.id, 1500, blackRatingDiff],
      ].sort(),
    );
    // A second record of the same game's change is refused by its key, never counted twice.
    await expect(
      db()
        .insert(ratingChanges)
        .values({ ...changes[0] }),
    ).rejects.toThrow();
  });

  it('changes the ratings exactly once when a flag and a resignation race; a rematch stays rated', async () => {
    const pair = await ratedPair(server, bullet);
    let lastGame = pair.gameId;
    for (let round = 0; round < 5; round++) {
      // Each rematch swaps the colours.
      const gameId = round === 0 ? pair.gameId : await rematch(server, { ...pair, gameId: lastGame });
      const [first, second] = round % 2 === 0 ? [pair.white, pair.black] : [pair.black, pair.white];
      lastGame = gameId;
      await play(first, gameId, 'e2e4');
      await play(second, gameId, 'e7e5');
      server.advance(60_000 + round);
      const [flag, resign] = await Promise.all([
        endOnTime(server.app.services, server.app.log, gameId).catch((e) => e),
        first.post(`/api/games/${gameId}/resign`),
      ]);
      expect([200, 400, 409], JSON.stringify({ flag, resign: resign.body })).toContain(resign.status);
      expect(await changesOf(gameId)).toHaveLength(2);
      const rows = await ratingRows(server, pair);
      expect(rows.map((r) => r.games)).toEqual([round + 1, round + 1]);
      const game = (await first.get(`/api/games/${gameId}`)).body as GameResponse;
      expect(game.rated).toBe(true);
      expect(game.ratings.white?.diff).toEqual(expect.any(Number));
      expect(game.ratings.black?.diff).toEqual(expect.any(Number));
    }
  });

  it('changes nothing when aborted (no first move in time)', async () => {
    const pair = await ratedPair(server, bullet);
    server.advance(21_000);
    expect(await endOnTime(server.app.services, server.app.log, pair.gameId)).toMatchObject({
      status: 'aborted',
      ratings: { white: { diff: null }, black: { diff: null } },
    });
    expect(await changesOf(pair.gameId)).toEqual([]);
    expect(await ratingRows(server, pair)).toEqual([]);
  });
});

describe('a casual game', () => {
  it('shows the ratings but changes none; the room is casual by default', async () => {
    const pair = await ratedPair(server, bullet, false);
    const started = (await pair.white.get(`/api/games/${pair.gameId}`)).body as GameResponse;
    expect(started.rated).toBe(false);
    expect(started.ratings.white).toEqual({ rating: 1500, provisional: true, diff: null });
    await pair.black.post(`/api/games/${pair.gameId}/resign`);
    expect(await changesOf(pair.gameId)).toEqual([]);
    expect(await ratingRows(server, pair)).toEqual([]);
    expect((await pair.white.get(`/api/games/${pair.gameId}`)).body.ratings.white.diff).toBeNull();
  });

  it('is every untimed game, even in a room asked to be rated', async () => {
    const pair = await ratedPair(server, { kind: 'untimed' });
    const started = (await pair.white.get(`/api/games/${pair.gameId}`)).body as GameResponse;
    expect(started).toMatchObject({ rated: false, ratings: { white: null, black: null } });
  });
});

/** A guest of the lobby and the rooms. */
async function guest(name: string): Promise<Agent & { id: string }> {
  const agent = server.agent();
  const res = await agent.post('/api/guest', { displayName: name });
  return Object.assign(agent, { id: res.body.id as string });
}

describe('a guest', () => {
  it("cannot host a rated room; a user's rated room with a guest plays casual", async () => {
    const host = await guest('Gus');
    const room = (await host.post('/api/rooms', { displayName: 'Gus' })).body;
    expect(
      await host.post(`/api/rooms/${room.code}/time-control`, { timeControl: bullet, rated: true }),
    ).toMatchObject({ status: 400, body: { message: RATED_GUEST_ROOM } });
    expect((await host.get(`/api/rooms/${room.code}`)).body.rated).toBe(false);

    const user = await server.signedIn();
    const rated = (await user.post('/api/rooms', {})).body;
    expect(
      (await user.post(`/api/rooms/${rated.code}/time-control`, { timeControl: bullet, rated: true })).body,
    ).toMatchObject({ rated: true, timeControl: bullet });
    const visitor = server.agent();
    const { gameId } = (await visitor.post('/api/rooms/join', { roomCode: rated.code, guestName: 'Vic' }))
      .body;
    const game = (await user.get(`/api/games/${gameId}`)).body as GameResponse;
    expect(game).toMatchObject({
      rated: false,
      ratings: { white: { rating: 1500, provisional: true, diff: null }, black: null },
    });
  });

  it('cannot seek or accept a rated game, nor choose a range; a pool with a guest plays casual', async () => {
    const gus = await guest('Gus');
    const custom = { kind: 'custom', timeControl: bullet, color: 'random' };
    expect(await gus.post('/api/lobby/seeks', { ...custom, rated: true })).toMatchObject({
      status: 400,
      body: { message: RATED_GUEST_SEEK },
    });
    expect(
      await gus.post('/api/lobby/seeks', { ...custom, ratingRange: { below: 100, above: 100 } }),
    ).toMatchObject({
      status: 400,
      body: { message: RANGE_GUEST_SEEK },
    });
    const user = await server.signedIn();
    const seek = (await user.post('/api/lobby/seeks', { ...custom, rated: true })).body.seek;
    expect(seek).toMatchObject({ rated: true, player: { rating: { rating: 1500, provisional: true } } });
    expect(await gus.post(`/api/lobby/seeks/${seek.id}/accept`)).toMatchObject({
      status: 400,
      body: { message: RATED_GUEST_ACCEPT },
    });
    await user.delete(`/api/lobby/seeks/${seek.id}`);

    // A pool pairs a guest with a user, casual; two users, rated.
    const pool = { kind: 'pool', pool: '1+0' };
    expect((await user.post('/api/lobby/seeks', pool)).status).toBe(201);
    const { gameId } = (await gus.post('/api/lobby/seeks', pool)).body;
    expect((await user.get(`/api/games/${gameId}`)).body.rated).toBe(false);
    const [ann, bob] = [await server.signedIn(), await server.signedIn()];
    await ann.post('/api/lobby/seeks', pool);
    const paired = (await bob.post('/api/lobby/seeks', pool)).body.gameId;
    expect((await ann.get(`/api/games/${paired}`)).body).toMatchObject({
      rated: true,
      ratings: { white: { rating: 1500 }, black: { rating: 1500 } },
    });
  });
});

/** Gives the user a rating in a speed, as if they had played. */
async function rate(userId: string, speed: string, rating: number): Promise<void> {
  await db()
    .insert(ratings)
    .values({
      userId,
      speed: speed as 'blitz',
      rating,
      deviation: 60,
      volatility: 0.06,
      games: 30,
      ratedAt: new Date(),
    });
}

describe('the lobby', () => {
  it("makes a custom seek's range absolute and refuses an opponent outside it, both ways when seeks meet", async () => {
    const blitz = { kind: 'clock', minutes: 3, increment: 2 } as const;
    const [ann, bob, cat] = [await server.signedIn(), await server.signedIn(), await server.signedIn()];
    await rate(ann.user.id, 'blitz', 1800);
    await rate(cat.user.id, 'blitz', 1750);
    const ranged = {
      kind: 'custom',
      timeControl: blitz,
      color: 'random',
      rated: true,
      ratingRange: { below: 100, above: 100 },
    };
    const seek = (await ann.post('/api/lobby/seeks', ranged)).body.seek;
    expect(seek).toMatchObject({
      ratingRange: { min: 1700, max: 1900 },
      player: { rating: { rating: 1800, provisional: false } },
    });
    expect(await bob.post(`/api/lobby/seeks/${seek.id}/accept`)).toMatchObject({
      status: 400,
      body: { message: 'This seek takes opponents rated 1700 to 1900; your rating is 1500' },
    });
    // Bob's own seek of the same kind does not meet Ann's: each is outside the other's range.
    const own = await bob.post('/api/lobby/seeks', { ...ranged, ratingRange: { below: 0, above: 0 } });
    expect(own.body).toMatchObject({ gameId: null, seek: { ratingRange: { min: 1500, max: 1500 } } });
    const accepted = await cat.post(`/api/lobby/seeks/${seek.id}/accept`);
    expect(accepted.status).toBe(201);
    const game = (await cat.get(`/api/games/${accepted.body.gameId}`)).body as GameResponse;
    expect(game.rated).toBe(true);
    expect([game.ratings.white?.rating, game.ratings.black?.rating].sort()).toEqual([1750, 1800]);
  });

  it('pairs a pool seeker with the closest rating among those waiting', async () => {
    const [far, near, me] = [await server.signedIn(), await server.signedIn(), await server.signedIn()];
    await rate(me.user.id, 'blitz', 2000);
    // Two seekers wait together only when they arrived at once: written directly, the older first.
    const now = server.app.services.now();
    const pool = { kind: 'pool', pool: '3+2' } as const;
    for (const [user, rating] of [
      [far, 1200],
      [near, 1950],
    ] as const) {
      const wanted = await wantedBy(db(), { id: user.user.id, name: 'x', isGuest: false }, pool);
      await insertSeek(
        db(),
        { id: user.user.id, name: user.user.username, isGuest: false },
        { ...wanted, rating },
        now,
      );
    }
    const { gameId } = (await me.post('/api/lobby/seeks', pool)).body;
    const [row] = await db().select().from(games).where(eq(games.id, gameId));
    expect([row.whitePlayerId, row.blackPlayerId]).toContain(near.user.id);
  });
});
