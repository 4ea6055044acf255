import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentAt } from './accounts.ts';
import { createGame, play } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

// Counts the bcrypt checks in progress; each still runs for real, on libuv's thread pool.
const bcrypt = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock('@node-rs/bcrypt', async (load) => {
  const real = await load<typeof import('@node-rs/bcrypt')>();
  return {
    ...real,
    verify: async (...args: Parameters<typeof real.verify>) => {
      bcrypt.most = Math.max(bcrypt.most, ++bcrypt.running);
      try {
        return await real.verify(...args);
      } finally {
        bcrypt.running--;
      }
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_SCALE: '100' } });
}, 60_000);
afterAll(() => server.close());

/** 40 wrong logins at once, each for its own unknown account (which costs a full bcrypt check). */
function burst(run: string) {
  let pending = 40;
  const answers = Array.from({ length: 40 }, (_, i) =>
    agentAt(server, `10.9.${run}.${i}`)
      .post('/api/login', { username: `nobody_${run}_${i}`, password: 'wrong-password' })
      .finally(() => pending--),
  );
  return { answers: Promise.all(answers), pending: () => pending };
}

describe('a burst of wrong logins', () => {
  it('runs at most 2 bcrypt checks at once, and answers 503 at once beyond 16 waiting', async () => {
    bcrypt.most = 0;
    const statuses = (await burst('1').answers).map((r) => r.status);
    expect(bcrypt.most).toBe(2);
    expect(statuses.filter((s) => s === 401)).toHaveLength(18);
    expect(statuses.filter((s) => s === 503)).toHaveLength(22);
  }, 60_000);

  it('does not hold up a move whose answer is compressed', async () => {
    const player = await server.signedIn();
    const { id } = await createGame(player);
    await play(player, id, 'g1f3', 'g8f6', 'f3g1', 'f6g8');
    const logins = burst('2');
    const move = await server.app.inject({
      method: 'POST',
      url: `/api/games/${id}/moves`,
      headers: {
        'accept-encoding': 'br',
        cookie: [...player.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: { from: 'g1', to: 'f3' },
    });
    const stillWaiting = logins.pending();
    await logins.answers;
    expect(move.statusCode).toBe(200);
    // Over 8 KiB, an answer used to be compressed on the thread pool, behind every queued bcrypt check.
    expect(move.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(move.rawPayload).length).toBeGreaterThan(8192);
    expect(stillWaiting).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
