import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/connect.ts';
import { users } from '../src/db/schema.ts';

// The embedded database through node-postgres (docs/architecture.md §5): named statements are
// prepared once, and a failed query leaves the one connection usable.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

const prepared = async () => {
  const result = await database.db.execute(sql`select name from pg_prepared_statements`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
};

it('prepares a named statement once on PGlite, and keeps it after a failed query', async () => {
  const { db } = database;
  const byName = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, sql.placeholder('username')))
    .prepare('test_user_by_name');
  const values = { username: 'mia', passwordHash: 'x' };
  const [mia] = await db.insert(users).values(values).returning({ id: users.id });
  expect(await byName.execute({ username: 'mia' })).toEqual([mia]);
  expect(await prepared()).toContain('test_user_by_name');

  await expect(db.insert(users).values(values)).rejects.toThrow();
  expect(await byName.execute({ username: 'mia' })).toEqual([mia]);
  expect(await byName.execute({ username: 'ned' })).toEqual([]);
  expect((await prepared()).filter((name) => name === 'test_user_by_name')).toHaveLength(1);
});
