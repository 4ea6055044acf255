/**
 * Instances of the built server as deployed (README, "Build and run separately"): processes of
 * apps/server/dist/main.js on one PostgreSQL database and one Redis, and a TCP proxy in front of
 * them that a test points at one or the other, as a load balancer would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '@sbc/server/testing';
import { afterAll, beforeAll } from 'vitest';

const { DATABASE_URL, REDIS_URL } = process.env;
export const TWO_INSTANCES = Boolean(DATABASE_URL && REDIS_URL);
export const NEEDS_TWO_INSTANCES =
  'Several server instances share PostgreSQL and Redis: set DATABASE_URL and REDIS_URL to run this test';

const MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
/** A built server starts in about a second; the machine may be busy. */
const START_MS = 30_000;

/** A port free on 127.0.0.1 now (another process may take it before it is listened on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A client of one instance: the session cookie it was given, sent back with every call. */
export class Client {
  cookie = '';

  constructor(readonly url: string) {}

  async call(method: string, path: string, body?: unknown) {
    const answer = await fetch(this.url + path, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.url,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = answer.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) this.cookie = set.join('; ');
    const json = await answer.json();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
    return json;
  }
}

export interface Instance {
  url: string;
  port: number;
  process: ChildProcess;
  /** What it printed, for a failure's message. */
  output: string[];
  /** Stops it as a deployment would (SIGTERM: its sockets say goodbye) and waits for its exit. */
  stop(): Promise<void>;
}

/** Resolves once `url` answers /healthz; fails with its output if the process ends first. */
async function ready(instance: Instance): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) break;
    const ok = await fetch(`${instance.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`the server at ${instance.url} did not start:\n${instance.output.join('')}`);
}

/** `node apps/server/dist/main.js` on a free port, on `databaseUrl` and REDIS_URL, with `secret`. */
export async function startInstance(databaseUrl: string, secret: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      APP_SECRET: secret,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const instance: Instance = {
    url,
    port,
    process: child,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  await ready(instance);
  return instance;
}

export interface Balancer {
  url: string;
  /** Where new connections go from now on; those open stay where they are. */
  route(port: number): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free port, passing each connection to 127.0.0.1:`port` (what `route` says at
 * the time it opens); when either end closes or fails, so does the other.
 */
export async function startBalancer(port: number): Promise<Balancer> {
  let target = port;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', drop);
      socket.on('close', () => {
        open.delete(socket);
        drop();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listenOn = await freePort();
  await new Promise<void>((done) => server.listen(listenOn, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${listenOn}`,
    route: (next) => {
      target = next;
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * For a describe block: two instances on a fresh database, sharing one secret (a session of one is
 * good on the other), started before its tests and stopped after; `holder` is the one a test kills.
 */
export function twoInstances(): { holder: Instance; other: Instance } {
  const pair = {} as { holder: Instance; other: Instance };
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(process.env.DATABASE_URL as string);
    const secret = randomBytes(32).toString('base64url');
    pair.holder = await startInstance(database.url, secret);
    pair.other = await startInstance(database.url, secret);
  });
  afterAll(async () => {
    await Promise.all([pair.holder?.stop(), pair.other?.stop()]);
    await database?.drop();
  });
  return pair;
}
