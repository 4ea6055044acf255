import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { adminCommand } from '../src/cli/admin-command.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connect.ts';
import { sessions, users } from '../src/db/schema.ts';
import type { EventBus } from '../src/events/bus.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { connectRedis } from '../src/redis.ts';

/** A folder that holds no built web app. */
const NO_WEB_APP = join(tmpdir(), 'sbc-no-web-app');

export const ORIGIN = 'http://localhost:3000';

export interface TestServer {
  app: FastifyInstance;
  /** The PostgreSQL database of this server, when DATABASE_URL is set. */
  databaseUrl?: string;
  /** Moves the server's clock forward (inactivity, code expiry). */
  advance(ms: number): void;
  /** A new client with its own cookie jar. */
  agent(): Agent;
  /** A client signed in as a new user created directly in the database. */
  signedIn(fields?: Partial<typeof users.$inferInsert>): Promise<Agent & { user: typeof users.$inferSelect }>;
  /**
   * `npm run -s admin -- <args>` on this server's database (promote, demote, sponsorship add):
   * its exit code and what it printed.
   */
  admin(...args: string[]): Promise<{ code: number; output: string }>;
  /** Starts and stops the server again on the same database (a restart). */
  restart(): Promise<void>;
  /**
   * Another instance of the server on the same database, on this event bus (and this Redis, else
   * the first one's); closed with this one.
   */
  instance(bus: EventBus, redis?: Redis): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  bus?: EventBus;
  /** Rate-limit counters in Redis, shared with other servers given the same Redis. */
  redis?: Redis;
  /**
   * The built web app to serve; none unless given, so that an API test answers the same whether or
   * not apps/web/dist has been built (its pages' catch-all route would answer unknown paths).
   */
  webRoot?: string;
  /** PGlite on this folder, whatever DATABASE_URL says (opened anew at each start). */
  dataDir?: string;
  /** Silent unless given. */
  logger?: FastifyServerOptions['logger'];
}

/** A new, empty PostgreSQL database on the server of `baseUrl`: its URL, and how to drop it. */
export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sbc_test_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A server on a fresh database: in-memory PGlite by default, or a new PostgreSQL database on the
 * server of DATABASE_URL when it is set (dropped again at close).
 */
export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const baseUrl = options.dataDir ? undefined : process.env.DATABASE_URL;
  const fresh = baseUrl ? await freshDatabase(baseUrl) : null;
  const url = fresh?.url;
  let pglite: Awaited<ReturnType<typeof openDatabase>> | null = null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: ORIGIN,
    APP_SECRET: randomBytes(32).toString('base64url'),
    ...options.env,
  });
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const open = async () => {
    if (url || options.dataDir) return openDatabase({ url, dataDir: options.dataDir });
    // PGlite starts slowly: one instance per test file, kept across a restart (as files would be).
    pglite ??= await openDatabase({});
    return { ...pglite, close: async () => {} };
  };
  const build = async (bus = options.bus, redis = options.redis) => {
    const built = await buildApp({
      config,
      database: await open(),
      now,
      mailer: options.mailer,
      bus,
      redis,
      webRoot: options.webRoot ?? NO_WEB_APP,
      logger: options.logger ?? false,
    });
    await built.ready();
    return built;
  };
  let app = await build();
  const instances: FastifyInstance[] = [];

  const server: TestServer = {
    get app() {
      return app;
    },
    databaseUrl: url,
    advance: (ms) => {
      offset += ms;
    },
    agent: () => new Agent(() => app),
    async signedIn(fields = {}) {
      const [user] = await app.services.database.db
        .insert(users)
        .values({ username: `user_${randomBytes(5).toString('hex')}`, emailVerified: true, ...fields })
        .returning();
      const token = randomBytes(32).toString('base64url');
      await app.services.database.db.insert(sessions).values({
        id: createHash('sha256').update(token).digest('base64url'),
        userId: user.id,
        expiresAt: new Date(app.services.now().getTime() + 86_400_000),
      });
      const agent = new Agent(() => app);
      agent.cookies.set(SESSION_COOKIE, token);
      return Object.assign(agent, { user });
    },
    async admin(...args) {
      const lines: string[] = [];
      const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
      const code = await adminCommand(args, async () => app.services.database.db, out);
      return { code, output: lines.join('\n') };
    },
    async restart() {
      await app.close();
      app = await build();
    },
    async instance(bus, redis) {
      instances.push(await build(bus, redis));
      return instances[instances.length - 1];
    },
    async close() {
      await Promise.all(instances.map((i) => i.close()));
      await app.close();
      await pglite?.close();
      await fresh?.drop();
    },
  };
  return server;
}

// biome-ignore lint/suspicious/noExplicitAny: tests assert response bodies field by field.
type Body = any;

/**
 * Two instances sharing the Redis at `url` (REDIS_URL), for a limit counted across instances, and
 * a fresh address to count: Redis keeps the counters of earlier runs for their window.
 */
export async function onTwoInstances(
  url: string,
  run: (one: TestServer, two: TestServer, address: string) => Promise<void>,
): Promise<void> {
  const [one, two] = await Promise.all(
    [0, 1].map(async () => startServer({ redis: await connectRedis(url) })),
  );
  const [a, b, c] = randomBytes(3);
  try {
    await run(one, two, `10.${a}.${b}.${c}`);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
}

export interface Response<T = Body> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** A client of the server through Fastify's inject, keeping cookies like a browser. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: () => FastifyInstance) {}

  async request<T = Body>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const raw = typeof body === 'string';
    const res = await this.app().inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      payload: body === undefined ? undefined : raw ? (body as string) : JSON.stringify(body),
    });
    const now = this.app().services.now();
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires < now)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let parsed: unknown = res.body;
    try {
      parsed = JSON.parse(res.body);
    } catch {}
    return { status: res.statusCode, body: parsed as T, headers: res.headers as Response['headers'] };
  }

  get = <T = Body>(url: string) => this.request<T>('GET', url);
  post = <T = Body>(url: string, body?: unknown) => this.request<T>('POST', url, body);
  patch = <T = Body>(url: string, body?: unknown) => this.request<T>('PATCH', url, body);
  delete = <T = Body>(url: string) => this.request<T>('DELETE', url);
}
