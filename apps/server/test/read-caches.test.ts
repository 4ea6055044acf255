import type { GamePage } from '@sbc/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { SESSION_CACHE_MS } from '../src/plugins/session.ts';
import { createGame, insertOnlineGame, play } from './game-helpers.ts';
import type { Agent, TestServer } from './helpers.ts';
import { on, twoInstances } from './instances.ts';

// The session's user and the player's list are kept in memory (docs/architecture.md §5): two
// instances on one database, their events shared as deployed (Redis when REDIS_URL is set), show
// that a write on one reaches what the other kept.
let server: TestServer;
let other: FastifyInstance;
beforeAll(async () => {
  ({ server, other } = await twoInstances());
});
afterAll(() => server.close());

/** Redis delivers another instance's drop a moment later; in process it is already there. */
async function eventually<T>(read: () => Promise<T>, expected: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await read();
    if (expected(value) || tries === 50) return value;
    await new Promise((done) => setTimeout(done, 20));
  }
}

const moveCounts = async (agent: Agent) =>
  ((await agent.get('/api/games')).body as GamePage).items.map((g) => g.moveCount);

describe("a player's list of games", () => {
  it('answers from memory: a row written behind the server is not seen until a game of the player is written', async () => {
    const ann = await server.signedIn();
    await createGame(ann);
    expect(await moveCounts(ann)).toEqual([0]);
    const bob = await server.signedIn();
    await insertOnlineGame(server, ann.user.id, bob.user.id);
    expect(await moveCounts(ann)).toEqual([0]);
    await createGame(ann);
    expect(await moveCounts(ann)).toHaveLength(3);
  });

  it('shows at once a game created and a move played on another instance', async () => {
    const ann = await server.signedIn();
    expect(await moveCounts(ann)).toEqual([]);
    const { id } = await createGame(on(other, ann));
    expect(
      await eventually(
        () => moveCounts(ann),
        (c) => c.length === 1,
      ),
    ).toEqual([0]);
    await play(on(other, ann), id, 'e2e4');
    expect(
      await eventually(
        () => moveCounts(ann),
        (c) => c[0] === 1,
      ),
    ).toEqual([1]);
  });
});

describe("a session's user", () => {
  it('is signed out on every instance when an admin blocks them or they log out', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const [ann, bob] = [await server.signedIn(), await server.signedIn()];
    expect((await ann.get('/api/user')).status).toBe(200);
    expect((await bob.get('/api/user')).status).toBe(200);
    const blocked = await on(other, admin).post('/api/admin/users/block', {
      userId: ann.user.id,
      isBlocked: true,
    });
    expect(blocked.status).toBe(200);
    expect(
      (
        await eventually(
          () => ann.get('/api/user'),
          (r) => r.status === 401,
        )
      ).status,
    ).toBe(401);
    expect((await on(other, bob).post('/api/logout')).status).toBe(200);
    expect(
      (
        await eventually(
          () => bob.get('/api/user'),
          (r) => r.status === 401,
        )
      ).status,
    ).toBe(401);
  });

  it('shows a profile change and new admin rights made on another instance', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const ann = await server.signedIn();
    expect((await ann.get('/api/admin/users')).status).toBe(403);
    await on(other, ann).patch('/api/user/profile', { firstName: 'Ann', lastName: 'Lee' });
    const named = await eventually(
      () => ann.get('/api/user'),
      (r) => r.body.firstName === 'Ann',
    );
    expect(named.body).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    await on(other, admin).post('/api/admin/users/update-admin', { userId: ann.user.id, isAdmin: true });
    expect(
      (
        await eventually(
          () => ann.get('/api/admin/users'),
          (r) => r.status === 200,
        )
      ).status,
    ).toBe(200);
  });

  it('sees a change made behind the server within SESSION_CACHE_MS', async () => {
    const ann = await server.signedIn();
    expect((await ann.get('/api/user')).body.isAdmin).toBe(false);
    const { db } = server.app.services.database;
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, ann.user.id));
    expect((await ann.get('/api/user')).body.isAdmin).toBe(false);
    server.advance(SESSION_CACHE_MS + 1);
    expect((await ann.get('/api/user')).body.isAdmin).toBe(true);
  });
});
