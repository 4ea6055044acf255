/**
 * How long each admin call takes on a full database: seeds 10,000 users, 100,000 games, feedback,
 * sponsorships and audit entries (scripts/seed-admin.ts), starts the built server
 * (apps/server/dist/main.js) on it, signs in as the admin, and times N requests of each call one
 * after the other (the admin panel asks one at a time), after a warm-up; the games' middle page
 * both by its number and as the panel's Next reaches it (after the cursor of the page before).
 * Prints p50 and p99 per call, the server process's CPU time per request (which the machine's load
 * inflates far less) and the load average; target: every p50 and p99 under 100 ms. Any error fails
 * the run.
 *
 *   npm run bench:admin                    # the embedded database (PGlite) in a temporary DATA_DIR
 *   npm run bench:admin -- --postgres      # a fresh PostgreSQL database (createdb), dropped after;
 *                                          # on the server of DATABASE_URL, else 127.0.0.1 as postgres
 *   options: --requests 200 --users 10000 --games 100000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminGamePage, pageCursor } from '@sbc/api';
import { flag, load, option, quantile } from './bench/cli.ts';
import { freshDatabase } from './bench/postgres.ts';
import { BUILT, productionEnv, startServer } from './bench/server.ts';
import { ADMIN, DEFAULT_COUNTS, seedAdmin } from './seed-admin.ts';

const REQUESTS = option('--requests', 200);
const WARM_UP = 20;
const TARGET_MS = 100;
const COUNTS = {
  ...DEFAULT_COUNTS,
  users: option('--users', DEFAULT_COUNTS.users),
  games: option('--games', DEFAULT_COUNTS.games),
};

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Milliseconds of each of `n` requests, one after the other; the answer is read to its end. */
async function time(url: string, cookie: string, n: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    const body = await res.text();
    latencies.push(performance.now() - started);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
  }
  return latencies;
}

async function main() {
  const pg = flag('--postgres') || process.env.DATABASE_URL ? freshDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), 'sbc-bench-admin-'));
  try {
    const seeded = Date.now();
    await seedAdmin({ url: pg?.url, dataDir: pg ? undefined : join(dir, 'data') }, COUNTS, (l) =>
      console.error(`seed: ${l}`),
    );
    const seedSeconds = (Date.now() - seeded) / 1000;
    // The seeded games in play are not swept as abandoned while the calls are timed.
    const env = { ...productionEnv(pg?.url), INACTIVITY_MINUTES: '100000' };
    const server = await startServer(BUILT, dir, env);
    try {
      const base = server.url;
      const cookie = await signIn(base);
      const lastUsers = Math.ceil(COUNTS.users / 50);
      const lastGames = Math.ceil(COUNTS.games / 50);
      const middle = Math.ceil(lastGames / 2);
      // The panel reaches the middle page by Next: after the last row of the page before.
      const before = await fetch(`${base}/api/admin/games?page=${middle - 1}`, { headers: { cookie } });
      const { items } = AdminGamePage.parse(await before.json());
      const after = encodeURIComponent(pageCursor(items[items.length - 1]));
      const calls: [string, string][] = [
        ['GET /api/admin/stats', '/api/admin/stats'],
        ['GET /api/admin/system', '/api/admin/system'],
        ['GET /api/admin/users', '/api/admin/users'],
        ['GET /api/admin/users?q=shah', '/api/admin/users?q=shah'],
        [`GET /api/admin/users?page=${lastUsers}`, `/api/admin/users?page=${lastUsers}`],
        ['GET /api/admin/online-users', '/api/admin/online-users'],
        ['GET /api/admin/playing-users', '/api/admin/playing-users'],
        ['GET /api/admin/games', '/api/admin/games'],
        ['GET /api/admin/games?page=100', '/api/admin/games?page=100'],
        [`GET /api/admin/games?page=${middle}`, `/api/admin/games?page=${middle}`],
        [
          `GET /api/admin/games?page=${middle}&after=<cursor>`,
          `/api/admin/games?page=${middle}&after=${after}`,
        ],
        [`GET /api/admin/games?page=${lastGames}`, `/api/admin/games?page=${lastGames}`],
        ['GET /api/admin/sponsorships', '/api/admin/sponsorships'],
        ['GET /api/admin/feedback', '/api/admin/feedback'],
        ['GET /api/admin/audit', '/api/admin/audit'],
        ['GET /api/admin/settings', '/api/admin/settings'],
        ['GET /api/feedback/with-replies', '/api/feedback/with-replies'],
      ];
      console.log(
        `${pg ? 'PostgreSQL' : 'PGlite'}; ${COUNTS.users} users, ${COUNTS.games} games, ${COUNTS.feedback} feedback, ` +
          `${COUNTS.sponsorships} sponsorships, ${COUNTS.audit} audit entries (seeded in ${seedSeconds.toFixed(0)} s); ` +
          `${REQUESTS} requests a call, one at a time; load ${load()}`,
      );
      console.log(
        '| call | p50 (ms) | p99 (ms) | max (ms) | under 100 ms | server CPU/request (ms) | load after |',
      );
      console.log('| --- | --: | --: | --: | --- | --: | --- |');
      let missed = 0;
      for (const [name, path] of calls) {
        await time(base + path, cookie, WARM_UP);
        const cpu = server.cpuMs();
        const sorted = (await time(base + path, cookie, REQUESTS)).sort((a, b) => a - b);
        const cpuPerRequest = (server.cpuMs() - cpu) / REQUESTS;
        const [p50, p99, max] = [quantile(sorted, 0.5), quantile(sorted, 0.99), sorted.at(-1) as number];
        const met = p99 < TARGET_MS;
        if (!met) missed++;
        const cells = [
          name,
          p50.toFixed(1),
          p99.toFixed(1),
          max.toFixed(1),
          met ? 'yes' : 'no',
          cpuPerRequest.toFixed(1),
          load(),
        ];
        console.log(`| ${cells.join(' | ')} |`);
      }
      if (missed) console.error(`${missed} call(s) over ${TARGET_MS} ms at p99`);
    } finally {
      await server.stop();
    }
  } finally {
    pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
