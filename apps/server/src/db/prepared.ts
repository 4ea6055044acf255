import type { Db } from './connect.ts';

/**
 * A statement prepared once per database, for the hot paths: drizzle takes about as long to build
 * a query as PGlite takes to run it, and PostgreSQL then skips parsing and planning it too. It runs
 * on `db`'s connection, a transaction's included: drizzle binds a prepared statement to the pool it
 * was made on (its `client`); a transaction holds one client of that pool (`session.client`) and
 * shares its database's dialect, by which the statement is found, so each call gets a copy bound
 * to that client, parsed on that connection at its first use there.
 */
export function preparedOnce<T extends object>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<object, T>();
  return (db) => {
    const { dialect, session } = db as unknown as { dialect: object; session: { client: unknown } };
    let statement = made.get(dialect);
    if (!statement) {
      statement = prepare(db);
      made.set(dialect, statement);
    }
    return Object.assign(Object.create(statement) as T, { client: session.client });
  };
}
