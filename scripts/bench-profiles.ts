/**
 * The profile page's and the leaderboards' calls under load, on a database seeded with
 * scripts/seed-ratings.ts (100,000 users, 1,000,000 games: seeding takes minutes, so it is done
 * once, apart): starts the built server (apps/server/dist/main.js) on it and sends, with
 * autocannon at a fixed rate, each call of /@/{username} (the profile, its rating history, its
 * first page of games) for usernames drawn from every level of activity, then
 * GET /api/leaderboards, one call after the other. Prints p50 and p99 per call, the server's CPU
 * time per request and the load average; target: p99 under 50 ms at 200 requests a second each.
 *
 *   createdb -h 127.0.0.1 -U postgres sbc_ratings
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sbc_ratings npm run seed:ratings
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sbc_ratings npm run bench:profiles
 *   options: --rate 200 --seconds 20 --connections 20 --players 500
 *            --base <checkout> (another built checkout, e.g. main's: each call timed on it, then on
 *            this one, side by side in one run)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { load, option, textOption } from './bench/cli.ts';
import { built, productionEnv, type RunningServer, startServer } from './bench/server.ts';

const RATE = option('--rate', 200);
const SECONDS = option('--seconds', 20);
const CONNECTIONS = option('--connections', 20);
const PLAYERS = option('--players', 500);
const BASE = textOption('--base');
const TARGET_MS = 50;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * Usernames of every level of activity: a random sample of the players with a rated game (most
 * have a few dozen), and the 20 most active (thousands each), one request in ten.
 */
async function usernames(url: string): Promise<{ sample: string[]; busiest: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sample = await client.query<{ username: string }>(
      `select username from users tablesample system (5)
       where exists (select 1 from ratings r where r.user_id = users.id) limit $1`,
      [PLAYERS],
    );
    const busiest = await client.query<{ username: string }>(
      `select u.username from ratings r join users u on u.id = r.user_id
       group by u.username order by sum(r.games) desc limit 20`,
    );
    return { sample: sample.rows.map((r) => r.username), busiest: busiest.rows.map((r) => r.username) };
  } finally {
    await client.end();
  }
}

async function cannon(base: string, path: () => string, seconds = SECONDS) {
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    headers: HEADERS,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  return { r, errors: r.errors + r.timeouts + r.non2xx };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a database seeded by npm run seed:ratings');
  const { sample, busiest } = await usernames(url);
  if (sample.length === 0) throw new Error('No rated players: run npm run seed:ratings first');
  const pick = () => {
    const names = Math.random() < 0.1 ? busiest : sample;
    return encodeURIComponent(names[Math.floor(Math.random() * names.length)]);
  };
  const dir = mkdtempSync(join(tmpdir(), 'sbc-bench-profiles-'));
  // The seeded games in play are not swept as abandoned while the calls are timed.
  const env = { ...productionEnv(url), INACTIVITY_MINUTES: '100000' };
  const builds: [string, string | undefined][] = BASE
    ? [
        ['base', BASE],
        ['new', undefined],
      ]
    : [['new', undefined]];
  const servers: RunningServer[] = [];
  try {
    for (const [name, checkout] of builds) {
      mkdirSync(join(dir, name));
      servers.push(await startServer(built(checkout), join(dir, name), env));
    }
    const calls: [string, () => string][] = [
      ['GET /api/players/{username}', () => `/api/players/${pick()}`],
      ['GET /api/players/{username}/ratings', () => `/api/players/${pick()}/ratings`],
      ['GET /api/players/{username}/games', () => `/api/players/${pick()}/games`],
      ['GET /api/leaderboards', () => '/api/leaderboards'],
    ];
    console.log(
      `PostgreSQL; ${sample.length} sampled players and the 20 most active (1 request in 10); ` +
        `${RATE} requests/s for ${SECONDS} s a call over ${CONNECTIONS} connections; load ${load()}`,
    );
    console.log(
      '| call | build | requests | p50 (ms) | p99 (ms) | max (ms) | p99 under 50 ms | server CPU/request (ms) | load after |',
    );
    console.log('| --- | --- | --: | --: | --: | --: | --- | --: | --- |');
    let failed = 0;
    for (const [name, path] of calls) {
      for (const [i, server] of servers.entries()) {
        await cannon(server.url, path, 5); // warm-up: the pool's connections, the planner's caches
        const cpu = server.cpuMs();
        const { r, errors } = await cannon(server.url, path);
        const cpuPerRequest = (server.cpuMs() - cpu) / r.requests.total;
        const met = r.latency.p99 < TARGET_MS && errors === 0;
        const build = builds[i][0];
        if (!met && build === 'new') failed++;
        const cells = [
          name,
          build,
          r.requests.total,
          r.latency.p50,
          r.latency.p99,
          r.latency.max,
          met ? 'yes' : `no${errors ? ` (${errors} errors)` : ''}`,
          cpuPerRequest.toFixed(2),
          load(),
        ];
        console.log(`| ${cells.join(' | ')} |`);
      }
    }
    if (failed) console.error(`${failed} call(s) missed p99 < ${TARGET_MS} ms or had errors`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
