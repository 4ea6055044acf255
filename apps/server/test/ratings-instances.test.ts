import type { TimeControl } from '@sbc/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingChanges } from '../src/db/schema.ts';
import { endOnTime } from '../src/features/games/clocks.ts';
import { play } from './game-helpers.ts';
import type { TestServer } from './helpers.ts';
import { on, twoInstances } from './instances.ts';
import { ratedPair, ratingRows } from './ratings-helpers.ts';

const bullet: TimeControl = { kind: 'clock', minutes: 1, increment: 0 };

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('rated games across instances', () => {
  let server: TestServer;
  let other: FastifyInstance;
  beforeAll(async () => {
    ({ server, other } = await twoInstances());
  }, 60_000);
  afterAll(() => server.close());

  it('changes both ratings once when both instances flag the game and a resignation reaches the second', async () => {
    for (let round = 0; round < 5; round++) {
      const pair = await ratedPair(server, bullet);
      await play(pair.white, pair.gameId, 'e2e4');
      await play(on(other, pair.black), pair.gameId, 'e7e5');
      server.advance(60_000 + round);
      const ends = await Promise.all([
        endOnTime(server.app.services, server.app.log, pair.gameId),
        endOnTime(other.services, other.log, pair.gameId),
        on(other, pair.white).post(`/api/games/${pair.gameId}/resign`),
      ]);
      expect(ends.slice(0, 2).filter(Boolean).length, JSON.stringify(ends[2].body)).toBeLessThanOrEqual(1);
      const db = server.app.services.database.db;
      expect(await db.select().from(ratingChanges).where(eq(ratingChanges.gameId, pair.gameId))).toHaveLength(
        2,
      );
      const rows = await ratingRows(server, pair);
      expect(rows.map((r) => r.games)).toEqual([1, 1]);
      const diffs = rows.map((r) => Math.round(r.rating) - 1500);
      // Either instance shows the change, whichever ended the game.
      for (const app of [server.app, other]) {
        const { ratings } = (await on(app, pair.black).get(`/api/games/${pair.gameId}`)).body;
        expect([ratings.white.diff, ratings.black.diff]).toEqual(diffs);
      }
    }
  }, 60_000);
});
