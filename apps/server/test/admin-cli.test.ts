import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin-command.ts';
import { openDatabase } from '../src/db/connect.ts';
import { LOCK_FILE } from '../src/db/lock.ts';
import { users } from '../src/db/schema.ts';
import { startServer } from './helpers.ts';

const lines: string[] = [];
const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };

describe('npm run admin on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sbc-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses while the server runs on the folder, and promotes once it is stopped', async () => {
    const server = await startServer({ dataDir });
    await server.signedIn({ username: 'Root' });
    lines.length = 0;
    expect(await runAdmin(['promote', 'root'], { DATA_DIR: dataDir }, out)).toBe(1);
    expect(lines).toEqual([
      `error: The server is running on ${dataDir} (pid ${process.pid}): stop it first, then run this again.`,
    ]);
    await server.close();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    expect(await runAdmin(['promote', 'root'], { DATA_DIR: dataDir }, out)).toBe(0);
    expect(lines.at(-1)).toBe('Root is now an admin.');
    const database = await openDatabase({ dataDir });
    const [root] = await database.db.select().from(users).where(eq(users.username, 'Root'));
    await database.close();
    expect(root.isAdmin).toBe(true);
  });

  it('takes over the lock of a server that died without removing it', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dataDir, LOCK_FILE), String(dead));
    expect(await runAdmin(['demote', 'root'], { DATA_DIR: dataDir }, out)).toBe(0);
    expect(lines.at(-1)).toBe('Root is no longer an admin.');
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

it.runIf(process.env.DATABASE_URL)('npm run admin works on PostgreSQL while the server runs', async () => {
  const server = await startServer();
  try {
    const { user } = await server.signedIn();
    expect(await runAdmin(['promote', user.username], { DATABASE_URL: server.databaseUrl }, out)).toBe(0);
    const { db } = server.app.services.database;
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].isAdmin).toBe(true);
  } finally {
    await server.close();
  }
});
