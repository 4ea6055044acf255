import type { Db } from './connect.ts';

/**
 * Statements prepared once per database, for the hot paths: drizzle takes about as long to build
 * a query as PGlite takes to run it, and PostgreSQL then skips parsing and planning it too.
 */
export function preparedOnce<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    const known = made.get(db);
    if (known) return known;
    const statements = prepare(db);
    made.set(db, statements);
    return statements;
  };
}
