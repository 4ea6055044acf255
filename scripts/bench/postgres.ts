/** A fresh PostgreSQL database for one benchmark run. */
import { execFileSync } from 'node:child_process';

/**
 * Creates a database on the server of DATABASE_URL, else 127.0.0.1 as postgres; `drop` removes it
 * (and closes what still holds it). `suffix` tells apart the databases of one run.
 */
export function freshDatabase(suffix = ''): { url: string; drop(): void } {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `sbc_bench_${process.pid}${suffix}`;
  const args = [
    '-h',
    server.hostname,
    '-p',
    server.port || '5432',
    '-U',
    server.username || 'postgres',
    name,
  ];
  execFileSync('createdb', args);
  server.pathname = `/${name}`;
  return { url: server.toString(), drop: () => execFileSync('dropdb', ['--force', ...args]) };
}
