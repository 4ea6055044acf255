import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Names the process that has the embedded database open. PGlite in two processes on one folder
 * does not share writes: what the second one writes is lost, so it must not open the folder at all.
 */
export const LOCK_FILE = 'server.pid';

export class DataDirInUse extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but someone else's
  }
};

/**
 * Takes the folder for this process, or throws if a live process holds it; answers the release. A
 * lock left by a process that died without releasing it is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // a+: a lock released meanwhile reads as empty rather than failing.
    const pid = Number(readFileSync(file, { encoding: 'utf8', flag: 'a+' }));
    if (pid > 0 && alive(pid)) {
      throw new DataDirInUse(
        `The server is running on ${dataDir} (pid ${pid}): stop it first, then run this again.`,
      );
    }
    rmSync(file, { force: true });
  }
}
