import type { Db } from '../db/connect.ts';
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
