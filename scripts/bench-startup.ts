/**
 * Start-up time of the server, from the spawn of its process to its "listening" log record: the
 * build (`node apps/server/dist/main.js`, what `npm run serve` runs) against the sources through
 * tsx (`npm run dev:server`). Both restart on one embedded database that a first start created,
 * the usual case, or on PostgreSQL when DATABASE_URL is set; the runs alternate, so that both see
 * the same machine load.
 *
 *   npm run -s build -w @sbc/server && npx tsx scripts/bench-startup.ts [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, option } from './bench/cli.ts';
import { BUILT, startServer, TSX } from './bench/server.ts';

const runs = option('--runs', 5);
const dir = mkdtempSync(join(tmpdir(), 'sbc-startup-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(command: string[]): Promise<number> {
  const server = await startServer(command, dir);
  await server.stop();
  return server.startupMs;
}

console.log(`load average ${load()}`);
console.log(`first start (creates the database): ${await once(BUILT)} ms`);
const times = { build: [] as number[], tsx: [] as number[] };
for (let i = 0; i < runs; i++) {
  times.build.push(await once(BUILT));
  times.tsx.push(await once(TSX));
}
for (const [name, ms] of Object.entries(times)) {
  console.log(`${name.padEnd(5)} median ${median(ms)} ms (runs: ${ms.join(', ')} ms)`);
}
console.log(`load average ${load()}`);
rmSync(dir, { recursive: true, force: true });
