import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBus } from '../src/events/bus.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { connectRedis } from '../src/redis.ts';
import { createGame } from './game-helpers.ts';
import { type Response, startServer, type TestServer } from './helpers.ts';
import { LiveClient, listen } from './live-helpers.ts';

/**
 * Health that tells the truth, and calls that need Redis failing in bounded time while it does not
 * answer. Redis here is a throwaway redis-server of this file's own on a free port: pausing a
 * shared one would stall every other test using it.
 */
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

/** How long Redis stays paused: every call below must answer well before it ends. */
const PAUSE_MS = 8000;
const BOUND_MS = PAUSE_MS / 2;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

describe.skipIf(!hasRedis)('health and Redis paused (a redis-server of its own)', () => {
  let port: number;
  let server: TestServer;
  const cli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(port), ...args]).toString();

  beforeAll(async () => {
    port = await freePort();
    execFileSync('redis-server', ['--port', String(port), '--save', '', '--daemonize', 'yes']);
    const url = `redis://127.0.0.1:${port}`;
    for (let i = 0; cli('ping').trim() !== 'PONG' && i < 50; i++)
      await new Promise((r) => setTimeout(r, 100));
    server = await startServer({ bus: await redisBus(url), redis: await connectRedis(url) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (port) cli('shutdown', 'nosave');
  });

  /** A call, and how long it took. */
  const timed = async (call: () => Promise<Response>) => {
    const start = Date.now();
    const res = await call();
    return { res, ms: Date.now() - start };
  };

  it('answers 503 naming Redis, and refuses what needs it within seconds, while Redis is paused', async () => {
    expect(await server.agent().get('/healthz')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: expect.any(String), redis: 'ok' },
    });
    const player = await server.signedIn({ username: 'paused', passwordHash: await hashPassword('secret1') });
    const game = await createGame(player);
    const { code } = (await server.agent().post('/api/rooms', { displayName: 'Ann' })).body;
    const socket = await LiveClient.as(await listen(server.app), player);

    cli('client', 'pause', String(PAUSE_MS), 'all');
    const [health, login, room, move, join] = await Promise.all([
      timed(() => server.agent().get('/healthz')),
      timed(() => server.agent().post('/api/login', { username: 'paused', password: 'secret1' })),
      timed(() => player.post('/api/rooms')),
      timed(() => player.post(`/api/games/${game.id}/moves`, { from: 'e2', to: 'e4' })),
      timed(async () => ({
        status: 0,
        headers: {},
        body: await socket.ask({ type: 'room:join', code }, 'error'),
      })),
    ]);
    expect(health.res).toMatchObject({
      status: 503,
      body: { status: 'unavailable', message: 'Redis unreachable', down: ['redis'] },
    });
    const unavailable = {
      message: 'A service the server needs is not answering. Please try again in a moment.',
      code: 'unavailable',
    };
    expect(login.res).toMatchObject({ status: 503, body: unavailable });
    expect(room.res).toMatchObject({ status: 503, body: unavailable });
    expect(join.res.body).toMatchObject(unavailable);
    // The move is stored; only its event to the other instances is lost (they reload).
    expect(move.res.status).toBe(200);
    for (const [name, { ms }] of Object.entries({ health, login, room, move, join })) {
      expect({ name, bounded: ms < BOUND_MS }).toEqual({ name, bounded: true });
    }

    // Once Redis answers again, so does everything.
    let after = await server.agent().get('/healthz');
    for (let i = 0; after.status !== 200 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 200));
      after = await server.agent().get('/healthz');
    }
    expect(after.body).toMatchObject({ status: 'ok', redis: 'ok' });
    expect(
      (await server.agent().post('/api/login', { username: 'paused', password: 'secret1' })).status,
    ).toBe(200);
  }, 60_000);
});
