import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite's folder; absent for PostgreSQL and for PGlite in memory. */
  dataDir?: string;
  close(): Promise<void>;
  /** Who hears of an idle connection the database closed (PostgreSQL only). */
  onLost?(listener: (error: Error) => void): void;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's folder, which one process at a time may open; absent means in memory (tests). */
  dataDir?: string;
}

/** Opens the database and brings it to the latest migration: the same migrations serve both kinds. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // The pool drops an idle connection the database closed (a restart, an administrator) and the
    // next query opens another; unheard, that connection's error would end the process.
    const lost: ((error: Error) => void)[] = [];
    pool.on('error', (error) => {
      for (const listener of lost) listener(error);
    });
    const db = await migrated(pool);
    return { db, kind: 'postgres', close: () => pool.end(), onLost: (listener) => lost.push(listener) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const client = new PGlite(options.dataDir);
  // PGlite is reached through node-postgres, as PostgreSQL is: one driver for both, and a named
  // statement (`.prepare(name)`, db/prepared.ts) is parsed and planned once on its one connection,
  // where PGlite's own driver would send it afresh every time. The client is kept while idle, so
  // that what it prepared stays.
  const pool = pglitePool(client);
  const db = await migrated(pool);
  return {
    db,
    kind: 'pglite',
    dataDir: options.dataDir,
    close: async () => {
      await pool.end();
      await client.close();
      release();
    },
  };
}

async function migrated(pool: pg.Pool): Promise<Db> {
  const db = drizzle(pool, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

/**
 * node-postgres over PGlite: one client at a time, so that a transaction has the database to
 * itself, as with PGlite's own lock. pg-pool ends a client whose query failed; the one PGlite
 * session lives on, so each client gets its own adapter, and drops the statements the ended client
 * prepared, which it would otherwise fail to prepare again.
 */
function pglitePool(client: PGlite): pg.Pool {
  class Adapted extends pg.Client {
    constructor(options?: pg.ClientConfig) {
      super({ ...options, connection: adapter(client) } as pg.ClientConfig);
    }
  }
  return new pg.Pool({
    Client: Adapted,
    max: 1,
    idleTimeoutMillis: 0,
    // Awaited by the pool before the client serves anyone.
    onConnect: async (fresh) => {
      await fresh.query('deallocate all');
    },
  });
}

/**
 * The adapter hands the query's `types` (drizzle's type parsers, an object, which node-postgres
 * passes on) to the protocol's Parse, which expects a list of type ids: PGlite's serializer throws
 * on anything else and leaves the connection broken, so only such a list passes.
 */
function adapter(client: PGlite) {
  const { connection } = createPgConfig(client);
  const parse = connection.parse.bind(connection);
  connection.parse = (query: { types?: unknown }) =>
    parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  return connection;
}
