/**
 * A player's move latency while wrong-password logins arrive in bursts (docs/benchmarks.md, Server).
 *
 *   npx tsx scripts/bench-login-burst.ts
 *
 * Starts the server (apps/server/src/main.ts, PGlite in a temporary DATA_DIR, RATE_LIMIT_SCALE=100
 * so that one address may send the bursts), registers a player, then RUNS times: sends BURST
 * logins at once, each for its own unknown username (the per-account limit does not stop them,
 * and an unknown account costs the same bcrypt check as a known one), while the player plays
 * knight moves in local games one after another until every login is answered. Prints the move
 * latencies (p50, p99, max) and how the logins were answered.
 *
 * Environment: PORT (default 3300), RUNS (default 5), BURST (default 40), ENC (the moves'
 * Accept-Encoding, default `br, gzip`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.PORT ?? 3300);
const RUNS = Number(process.env.RUNS ?? 5);
const BURST = Number(process.env.BURST ?? 40);
const BASE = `http://127.0.0.1:${PORT}`;
/** Four plies that bring back the start: a fresh game after each cycle never reaches threefold. */
const DANCE = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];

async function post(path: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'accept-encoding': process.env.ENC ?? 'br, gzip' },
    body: JSON.stringify(body),
  });
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (
      await fetch(`${BASE}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sbc-burst-'));
  const server = await startServer(dataDir);
  try {
    const registered = await post('/api/register', {
      username: 'mover',
      email: 'mover@example.com',
      password: 'secret1',
    });
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0];
    if (registered.status !== 201 || !cookie) throw new Error(`register: ${registered.status}`);
    const latencies: number[] = [];
    const answers: Record<number, number> = {};
    for (let run = 0; run < RUNS; run++) {
      let done = false;
      const burst = Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          post('/api/login', { username: `nobody_${run}_${i}`, password: 'wrong-password' }).then((r) => {
            answers[r.status] = (answers[r.status] ?? 0) + 1;
          }),
        ),
      ).then(() => {
        done = true;
      });
      while (!done) {
        const game = await post('/api/games', {}, cookie);
        const { id } = (await game.json()) as { id: string };
        for (const move of DANCE) {
          const start = performance.now();
          const res = await post(
            `/api/games/${id}/moves`,
            { from: move.slice(0, 2), to: move.slice(2) },
            cookie,
          );
          await res.arrayBuffer();
          latencies.push(performance.now() - start);
          if (res.status !== 200) throw new Error(`move ${move}: ${res.status}`);
        }
      }
      await burst;
    }
    const sorted = latencies.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `${sorted.length} moves under ${RUNS} bursts of ${BURST} wrong logins: p50 ${ms(percentile(sorted, 50))}, ` +
        `p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
    );
    console.log(`login answers by status: ${JSON.stringify(answers)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
