/**
 * Quick pairing under load (issue #44): guest seekers arrive evenly over --seconds against the
 * built server (apps/server/dist/main.js), spread over the eleven pools in turn. Each becomes a
 * guest (POST /api/guest), opens its socket at /ws, then seeks over it (lobby:seek; with --http,
 * POST /api/lobby/seeks). It measures, for each pair, the time from the second seek's sending to
 * both players' `game:start`; it counts the
 * pairs, the double pairings (a seeker told of two games, or paired twice: must be 0) and the
 * seekers left waiting (a pool with an odd count leaves one), and prints the load average.
 *
 *   npm run bench:pairing                                # PGlite in a temporary DATA_DIR
 *   npm run bench:pairing -- --postgres                  # a fresh PostgreSQL database, dropped after
 *   npm run bench:pairing -- --instances 2               # two instances on PostgreSQL and Redis
 *   options: --seekers 2000 --seconds 20, --warmup 5 (seconds of seekers at the same rate first, not
 *            counted: a server that has just started pays its first connections and compilations),
 *            --open-first (every seeker's page open before the seeks),
 *            --http (seeks by POST /api/lobby/seeks), --profile (the servers' --cpu-prof, kept),
 *            --server ../other (another checkout's build, built there first)
 *
 * All seekers come from one address, as the limits per address allow once RATE_LIMIT_SCALE raises
 * them; with two instances, seeker i's socket and calls go to instance i mod 2.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeekResponse, ServerMessage, ServerMessageOf } from '@sbc/api';
import { formatTimeControl, PRESETS } from '@sbc/game';
import WebSocket from 'ws';
import { flag, load, option, quantile, textOption } from './cli.ts';
import { clientHeaders, post } from './live.ts';
import { freshDatabase } from './postgres.ts';
import { built, productionEnv, type RunningServer, startServer } from './server.ts';

const SEEKERS = option('--seekers', 2000);
const SECONDS = option('--seconds', 20);
const WARMUP = option('--warmup', 5);
const INSTANCES = option('--instances', 1);
const OPEN_FIRST = flag('--open-first');
const PROFILE = flag('--profile');
const HTTP = flag('--http');
/** The checkout whose build is measured (this one by default). */
const SERVER = textOption('--server');
const POOLS = PRESETS.map(formatTimeControl);
/** Between two arrivals, in ms. */
const EVERY = (SECONDS * 1000) / SEEKERS;
/** The warm-up's seekers: an even count in every pool, so that none is left to pair with the timed ones. */
const WARM = 2 * POOLS.length * Math.round((WARMUP * 1000) / EVERY / (2 * POOLS.length));
const ADDRESS = '10.44.0.1';
/** After the last arrival, the games still starting are waited for this long. */
const DRAIN_MS = 3000;
/** The issue's target of the p99 from the second seek to both players' game:start. */
const TARGET_MS = 250;

interface Seeker {
  id: string;
  cookie: string;
  ws: WebSocket;
  /** The games its socket was told of, and when (performance.now()). */
  starts: { gameId: string; at: number }[];
  /** Who waits for the answer to its socket's lobby:seek. */
  answered?: (answer: ServerMessageOf<'lobby:seek_answer'>) => void;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** What the second seek of a pair saw: its game, when its POST went out, how long its answer took. */
interface Pairing {
  gameId: string;
  seekAt: number;
  answered: number;
}

/** Seeker `i` arrives: a guest with its socket open. */
async function connect(i: number, base: string, seekers: Seeker[]): Promise<Seeker> {
  const guest = await post(`${base}/api/guest`, { displayName: `Seeker ${i}` }, ADDRESS);
  if (guest.status !== 200) throw new Error(`guest: ${guest.status} ${JSON.stringify(guest.body)}`);
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  const ws = new WebSocket(wsUrl, { headers: clientHeaders(wsUrl, guest.guest, ADDRESS) });
  const seeker: Seeker = {
    id: (guest.body as unknown as { id: string }).id,
    cookie: guest.guest,
    ws,
    starts: [],
  };
  seekers.push(seeker);
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    if (message.type === 'game:start') seeker.starts.push({ gameId: message.gameId, at: performance.now() });
    if (message.type === 'lobby:seek_answer') seeker.answered?.(message);
    if (message.type === 'error') console.error(`seeker ${i}: ${message.message}`);
  });
  await new Promise((open, fail) => ws.once('open', open).once('error', fail));
  return seeker;
}

/** A seek over the seeker's socket, answered by lobby:seek_answer. */
function seekOverSocket(seeker: Seeker, pool: string): Promise<SeekResponse> {
  return new Promise((done) => {
    seeker.answered = done;
    seeker.ws.send(JSON.stringify({ type: 'lobby:seek', seek: { kind: 'pool', pool } }));
  });
}

async function seekOverHttp(base: string, seeker: Seeker, pool: string): Promise<SeekResponse> {
  const answer = await post(`${base}/api/lobby/seeks`, { kind: 'pool', pool }, ADDRESS, seeker.cookie);
  if (answer.status !== 201) throw new Error(`seek: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as SeekResponse;
}

/** Seeker `i` seeks in its pool; the game when it paired at once. */
async function seek(i: number, base: string, seeker: Seeker): Promise<Pairing | null> {
  const seekAt = performance.now();
  const pool = POOLS[i % POOLS.length];
  const { gameId } = HTTP ? await seekOverHttp(base, seeker, pool) : await seekOverSocket(seeker, pool);
  return gameId ? { gameId, seekAt, answered: performance.now() - seekAt } : null;
}

function report(seekers: Seeker[], paired: Pairing[]) {
  const arrivals = new Map<string, number[]>();
  for (const s of seekers)
    for (const { gameId, at } of s.starts) arrivals.set(gameId, [...(arrivals.get(gameId) ?? []), at]);
  const times: number[] = [];
  let incomplete = 0;
  for (const { gameId, seekAt } of paired) {
    const at = arrivals.get(gameId) ?? [];
    if (at.length === 2) times.push(Math.max(...at) - seekAt);
    else incomplete++;
  }
  const doubles = seekers.filter((s) => new Set(s.starts.map((x) => x.gameId)).size > 1).length;
  const waiting = seekers.filter((s) => s.starts.length === 0).length;
  const odd = POOLS.filter((_, p) => Math.ceil((SEEKERS - p) / POOLS.length) % 2 === 1).length;
  const p99 = quantile(times, 0.99);
  const answers = paired.map((p) => p.answered);
  console.log(
    `${paired.length} pairs; second seek to both game:start p50 / p99 / max ${quantile(times, 0.5).toFixed(1)} / ` +
      `${p99.toFixed(1)} / ${Math.max(0, ...times).toFixed(1)} ms (target p99 ${TARGET_MS}), its answer ` +
      `p50 / p99 ${quantile(answers, 0.5).toFixed(1)} / ${quantile(answers, 0.99).toFixed(1)} ms; ` +
      `double pairings ${doubles}; pairs not told to both ${incomplete}; left waiting ${waiting} ` +
      `(pools with an odd count: ${odd}); load ${load()}`,
  );
  return doubles === 0 && incomplete === 0 && waiting === odd;
}

/**
 * `count` seekers, one every `every` ms, each a guest opening its socket then seeking (or seeking
 * at once when `ready` has its page open); the pairs made at their seeks.
 */
async function arrive(
  count: number,
  every: number,
  base: (i: number) => string,
  seekers: Seeker[],
  ready: Seeker[] | null,
): Promise<Pairing[]> {
  const start = performance.now();
  const arrivals = Array.from({ length: count }, async (_, i) => {
    await sleep(start + i * every - performance.now());
    return seek(i, base(i), ready?.[i] ?? (await connect(i, base(i), seekers)));
  });
  return (await Promise.all(arrivals)).filter((p): p is Pairing => p !== null);
}

/** Every seeker a guest with its socket open, 50 at a time, in seeker order. */
async function openAll(base: (i: number) => string, seekers: Seeker[]): Promise<Seeker[]> {
  const ready: Seeker[] = [];
  for (let i = 0; i < SEEKERS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SEEKERS - i) }, (_, k) =>
      connect(i + k, base(i + k), seekers),
    );
    ready.push(...(await Promise.all(batch)));
  }
  return ready;
}

async function main() {
  const shared = INSTANCES > 1;
  const pg = shared || flag('--postgres') || process.env.DATABASE_URL ? freshDatabase() : null;
  const redis = shared ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : '';
  const dir = mkdtempSync(join(tmpdir(), 'sbc-bench-pairing-'));
  const env = {
    ...productionEnv(pg?.url, redis),
    TRUST_PROXY: 'loopback',
    // 2,000 guests (and the warm-up's), their seeks, sockets and messages from one address.
    RATE_LIMIT_SCALE: '1000',
    LIVE_SOCKETS_PER_ADDRESS: String(WARM + SEEKERS + 100),
    LIVE_ADDRESS_MESSAGES: String((WARM + SEEKERS) * 2),
  };
  const server = built(SERVER);
  const command = PROFILE ? [server[0], '--cpu-prof', `--cpu-prof-dir=${dir}`, ...server.slice(1)] : server;
  const servers: RunningServer[] = [];
  const seekers: Seeker[] = [];
  const warmed: Seeker[] = [];
  let ok = false;
  try {
    for (let i = 0; i < INSTANCES; i++) {
      const own = join(dir, `instance${i}`);
      mkdirSync(own);
      servers.push(await startServer(command, own, env));
    }
    console.log(
      `${pg ? 'PostgreSQL' : 'PGlite'}${redis ? ' + Redis' : ''}, ${INSTANCES} instance(s); ${SEEKERS} seekers ` +
        `over ${SECONDS} s in ${POOLS.length} pools after ${WARMUP} s of others at that rate, seeking over ${HTTP ? 'HTTP' : 'the socket'}${OPEN_FIRST ? ', their pages open first' : ''}; load ${load()}`,
    );
    const base = (i: number) => servers[i % servers.length].url;
    // With --open-first the seekers' pages are open before the first seek (on the lobby already):
    // the seeks alone arrive over the seconds, and the CPU counted is theirs.
    const ready = OPEN_FIRST ? await openAll(base, seekers) : null;
    await arrive(WARM, EVERY, base, warmed, null);
    await sleep(DRAIN_MS);
    const cpuBefore = servers.map((s) => s.cpuMs());
    const paired = await arrive(SEEKERS, EVERY, base, seekers, ready);
    await sleep(DRAIN_MS);
    const cpu = servers.map((s, i) => `${((s.cpuMs() - cpuBefore[i]) / 1000).toFixed(1)} s`).join(', ');
    ok = report(seekers, paired);
    console.log(`server CPU ${cpu}${OPEN_FIRST ? ' (the seeks alone)' : ''}`);
  } finally {
    for (const { ws } of [...warmed, ...seekers]) ws.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    pg?.drop();
    if (PROFILE) console.log(`CPU profiles: ${dir}/*.cpuprofile`);
    else rmSync(dir, { recursive: true, force: true });
  }
  if (!ok) process.exitCode = 1;
}

await main();
