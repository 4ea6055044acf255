/**
 * HTTP throughput of the built server (apps/server/dist/main.js) on loopback, the load generator
 * on the same machine: GET /healthz, GET /api/games (a user with 50 games), GET /api/games/{id}
 * (a game of 40 moves) with autocannon, and POST /api/games/{id}/moves with a driver that plays
 * many games at once, each its moves in turn (a fixed line of legal moves). Every request asks for
 * compression as a browser does; the server logs at `info`, its production level, to a file.
 * Any error fails the run.
 *
 *   npm run bench:http                    # the embedded database (PGlite) in a temporary DATA_DIR
 *   npm run bench:http -- --postgres      # a fresh PostgreSQL database (createdb), dropped after;
 *                                         # on the server of DATABASE_URL, else 127.0.0.1 as postgres
 *   options: --seconds 10 --connections 10
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { flag, load, option, quantile } from './bench/cli.ts';
import { type Board, driveMoves, legalLine, type Timings } from './bench/moves.ts';
import { freshDatabase } from './bench/postgres.ts';
import { BUILT, productionEnv, type RunningServer, startServer } from './bench/server.ts';

const SECONDS = option('--seconds', 10);
const CONNECTIONS = option('--connections', 10);
const LISTED = 50;
const SHOWN_PLIES = 40;
const LINE = legalLine(60);
/** Games for the move route: more than its moves/s times the seconds need, over the line's length. */
const BOARDS = 400;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

async function call(url: string, method: string, cookie: string, body?: object) {
  const res = await fetch(url, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A new user, signed in (without SMTP the server signs newcomers in at once): its cookie. */
async function register(base: string, username: string): Promise<string> {
  const res = await call(`${base}/api/register`, 'POST', '', {
    username,
    email: `${username}@bench.test`,
    password: 'bench-password',
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const newGame = async (base: string, cookie: string): Promise<string> =>
  ((await (await call(`${base}/api/games`, 'POST', cookie, {})).json()) as { id: string }).id;

async function play(base: string, cookie: string, id: string, plies: number) {
  for (const move of LINE.slice(0, plies)) await call(`${base}/api/games/${id}/moves`, 'POST', cookie, move);
}

interface Run {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Row extends Run {
  route: string;
  /** The server's CPU time per request, which the machine's load does not inflate. */
  cpu: number;
  load: string;
}

async function cannon(url: string, cookie: string, seconds = SECONDS): Promise<Run> {
  const headers = { ...HEADERS, cookie };
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
  };
}

function moveRun(t: Timings): Run {
  const requests = t.latencies.length;
  const [p50, p99] = [0.5, 0.99].map((q) => quantile(t.latencies, q));
  return { requests, rps: requests / t.seconds, p50, p99, errors: t.errors.length };
}

async function measure(server: RunningServer, route: string, run: () => Promise<Run>): Promise<Row> {
  const cpu = server.cpuMs();
  const result = await run();
  return { route, ...result, cpu: (server.cpuMs() - cpu) / result.requests, load: load() };
}

function print(rows: Row[]) {
  console.log(
    '| route | requests/s | p50 (ms) | p99 (ms) | vs /healthz | server CPU/request (ms) | errors | load after |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --- |');
  for (const r of rows) {
    const cells = [
      r.route,
      Math.round(r.rps),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      (r.rps / rows[0].rps).toFixed(2),
    ];
    console.log(`| ${[...cells, r.cpu.toFixed(2), r.errors, r.load].join(' | ')} |`);
  }
}

async function main() {
  const pg = flag('--postgres') || process.env.DATABASE_URL ? freshDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), 'sbc-bench-'));
  // One account makes 400 games: past the new-game limits, which the benchmark does not measure.
  const env = { ...productionEnv(pg?.url), RATE_LIMIT_SCALE: '100' };
  const server = await startServer(BUILT, dir, env);
  try {
    const base = server.url;
    console.log(
      `${pg ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${SECONDS} s a route; load ${load()}`,
    );
    const lister = await register(base, `lister${process.pid}`);
    const listed = [];
    for (let i = 0; i < LISTED; i++) listed.push(await newGame(base, lister));
    await play(base, lister, listed[0], SHOWN_PLIES);
    const mover = await register(base, `mover${process.pid}`);
    const boards: Board[] = [];
    for (let i = 0; i < BOARDS; i++) boards.push({ id: await newGame(base, mover), next: 0 });

    const routes: [string, string, string][] = [
      ['GET /healthz', `${base}/healthz`, ''],
      ['GET /api/games', `${base}/api/games`, lister],
      ['GET /api/games/{id}', `${base}/api/games/${listed[0]}`, lister],
    ];
    // Warm-up: the JIT and the database's caches, then the measured runs.
    for (const [, url, cookie] of routes) await cannon(url, cookie, 2);
    await driveMoves(base, mover, boards, LINE, CONNECTIONS, 2);
    const rows: Row[] = [];
    for (const [route, url, cookie] of routes)
      rows.push(await measure(server, route, () => cannon(url, cookie)));
    let moveErrors: string[] = [];
    const moves = async () => {
      const timings = await driveMoves(base, mover, boards, LINE, CONNECTIONS, SECONDS);
      moveErrors = timings.errors;
      return moveRun(timings);
    };
    rows.push(await measure(server, 'POST /api/games/{id}/moves', moves));
    print(rows);
    for (const e of new Set(moveErrors)) console.error(`move error: ${e.slice(0, 300)}`);
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    await server.stop();
    pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
