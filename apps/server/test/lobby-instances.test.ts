import { inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, seeks } from '../src/db/schema.ts';
import type { Agent, TestServer } from './helpers.ts';
import { on, twoInstances } from './instances.ts';
import { LiveClient, listen } from './live-helpers.ts';

const SEEKERS = 100;

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('pairing across instances', () => {
  let server: TestServer;
  let other: FastifyInstance;
  /** Each instance's /ws. */
  let urls: string[];
  beforeAll(async () => {
    ({ server, other } = await twoInstances({
      env: { RATE_LIMIT_SCALE: '100', LIVE_SOCKETS_PER_ADDRESS: '1000' },
    }));
    urls = await Promise.all([server.app, other].map(listen));
  }, 60_000);
  afterAll(() => server.close());

  it('pairs 100 seekers of one pool, half on each instance, into exactly 50 games', async () => {
    const apps = [server.app, other];
    const seekers: { agent: Agent; id: string; socket: LiveClient }[] = [];
    for (let i = 0; i < SEEKERS; i++) {
      const agent = on(apps[i % 2], server.agent());
      const { body } = await agent.post('/api/guest', { displayName: `Seeker ${i}` });
      seekers.push({ agent, id: body.id, socket: await LiveClient.as(urls[i % 2], agent) });
    }
    const answers = await Promise.all(
      seekers.map(({ agent }) => agent.post('/api/lobby/seeks', { kind: 'pool', pool: '3+2' })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.body.gameId)).toHaveLength(SEEKERS / 2);

    const ids = seekers.map((s) => s.id);
    const db = server.app.services.database.db;
    const played = await db
      .select()
      .from(games)
      .where(or(inArray(games.whitePlayerId, ids), inArray(games.blackPlayerId, ids)));
    expect(played).toHaveLength(SEEKERS / 2);
    const players = played.flatMap((g) => [g.whitePlayerId, g.blackPlayerId]);
    expect(new Set(players).size).toBe(SEEKERS);
    const rows = await db.select().from(seeks).where(inArray(seeks.playerId, ids));
    expect(rows.filter((r) => !r.endedAt)).toEqual([]);
    expect(rows.every((r) => r.endReason === 'paired')).toBe(true);

    // Each socket is told its game once, whichever instance paired it.
    const gameOf = new Map(
      played.flatMap((g) => [[g.whitePlayerId, g.id] as const, [g.blackPlayerId, g.id] as const]),
    );
    for (const { id, socket } of seekers) {
      expect((await socket.next('game:start')).gameId).toBe(gameOf.get(id));
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const { socket } of seekers) {
      expect(socket.drain()).not.toContain('game:start');
      socket.close();
    }
  }, 60_000);

  it('shows a custom seek made on one instance to a watcher on the other, and takes it away within 1 s of its cancel', async () => {
    const ann = server.agent();
    await ann.post('/api/guest', { displayName: 'Ann' });
    const watcher = on(other, server.agent());
    await watcher.post('/api/guest', { displayName: 'Watcher' });
    const socket = await LiveClient.as(urls[1], watcher);
    await socket.ask({ type: 'lobby:watch' }, 'lobby:state');
    const { seek } = (
      await ann.post('/api/lobby/seeks', {
        kind: 'custom',
        timeControl: { kind: 'correspondence', days: 3 },
        color: 'black',
      })
    ).body;
    expect((await socket.next('lobby:seek')).seek).toEqual(seek);
    const cancelledAt = Date.now();
    await ann.delete(`/api/lobby/seeks/${seek.id}`);
    await socket.next('lobby:unseek', (m) => m.seekId === seek.id, 1000);
    expect(Date.now() - cancelledAt).toBeLessThan(1000);
    socket.close();
  });
});
