import { loadConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/connect.ts';
import { setAdmin } from '../features/accounts/users.ts';

export const USAGE = `Usage: npm run -s admin -- promote <username>   make a user an admin
       npm run -s admin -- demote <username>    take the admin rights away

With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one process.`;

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** `promote` / `demote` a user; answers the exit code: 2 for bad usage, 1 for an unknown user. */
export async function adminCommand(
  args: string[],
  database: () => Promise<Db>,
  out: Output,
): Promise<number> {
  const [command, username, ...rest] = args;
  if ((command !== 'promote' && command !== 'demote') || !username || rest.length) {
    out.error(USAGE);
    return 2;
  }
  const user = await setAdmin(await database(), { username }, command === 'promote');
  if (!user) {
    out.error(`No user named "${username}".`);
    return 1;
  }
  out.log(
    command === 'promote' ? `${user.username} is now an admin.` : `${user.username} is no longer an admin.`,
  );
  return 0;
}

/**
 * The command on the database the environment names. The embedded one refuses while the server
 * has it open (db/lock.ts): its writes would be lost.
 */
export async function runAdmin(
  args: string[],
  env: Record<string, string | undefined>,
  out: Output,
): Promise<number> {
  let database: Database | undefined;
  try {
    return await adminCommand(
      args,
      async () => {
        const config = loadConfig(env);
        database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
        return database.db;
      },
      out,
    );
  } catch (error) {
    out.error((error as Error).message);
    return 1;
  } finally {
    await database?.close();
  }
}
