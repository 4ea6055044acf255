/** The server as a child process of a benchmark: a free port on loopback, its log in a file. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** A checkout's build (this one's by default), as its `npm run serve` runs it (serving its own web app). */
export const built = (checkout = ROOT) => [
  'node',
  '--enable-source-maps',
  join(resolve(checkout), 'apps/server/dist/main.js'),
];
export const BUILT = built();
/** The sources through tsx, as `npm run dev:server` runs them (without watching). */
export const TSX = [join(ROOT, 'node_modules/.bin/tsx'), join(ROOT, 'apps/server/src/main.ts')];

/** One key for every instance of a run: they sign and read the same cookies. */
const APP_SECRET = randomBytes(32).toString('base64url');

/**
 * The environment of a benchmarked server: production, logging at its production level, on the
 * given database (PGlite when none) and Redis (none by default), mail to the log.
 */
export const productionEnv = (databaseUrl = '', redisUrl = ''): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  SMTP_URL: '',
  APP_SECRET,
});

export interface RunningServer {
  url: string;
  /** From the spawn to the server's "listening" log record. */
  startupMs: number;
  /** The CPU time the server's process has used so far (Linux), which the machine's load does not inflate. */
  cpuMs(): number;
  /** Its resident memory now, in MB (Linux). */
  rssMb(): number;
  /** Its open file descriptors now (Linux): its sockets, against its open-files limit. */
  openFiles(): number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

const LISTENING = 'Shared Box Chess on ';
/** Clock ticks a second of /proc/<pid>/stat (USER_HZ), 100 on Linux. */
const TICKS = 100;

/** User and system time of a process, from /proc/<pid>/stat (fields 14 and 15, after the name). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}
/** The resident set of a process, from /proc/<pid>/status (VmRSS, in kB). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]) / 1024;
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts `command` with `env` and waits for its listening record. The log (JSON lines, level info
 * unless `env` says otherwise) goes to `dir`/server.log, not through a pipe the benchmark would read.
 */
export async function startServer(command: string[], dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const logFile = join(dir, 'server.log');
  const out = openSync(logFile, 'w');
  const started = Date.now();
  const child: ChildProcess = spawn(command[0], command.slice(1), {
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      DATA_DIR: join(dir, 'data'),
      LOG_FORMAT: 'json',
      ...env,
      PORT: `${port}`,
      HOST: '127.0.0.1',
    },
  });
  closeSync(out);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let listening: { time: number } | undefined;
  while (!listening) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${readFileSync(logFile, 'utf8')}`);
    await sleep(5);
    const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : [];
    listening = lines.filter((l) => l.includes(LISTENING)).map((l) => JSON.parse(l))[0];
  }
  return {
    url: `http://127.0.0.1:${port}`,
    startupMs: listening.time - started,
    cpuMs: () => cpuMs(child.pid as number),
    rssMb: () => rssMb(child.pid as number),
    openFiles: () => readdirSync(`/proc/${child.pid}/fd`).length,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  } satisfies RunningServer;
}
