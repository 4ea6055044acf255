import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => pool.end(), onLost: (listener) => lost.push(listener) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    dataDir: options.dataDir,
    close: async () => {
      await client.close();
      release();
    },
  };
}
