import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { DataDirInUse } from './db/lock.ts';
import { localBus, redisBus } from './events/bus.ts';
import { loadSecret } from './secret.ts';

/** Where this machine's browser finds the server: the address it listens on, any interface as localhost. */
function localUrl(app: FastifyInstance): string {
  const { address, port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(address)
    ? 'localhost'
    : address.includes(':')
      ? `[${address}]`
      : address;
  return `http://${host}:${port}`;
}

/** Starts the server: embedded PGlite under DATA_DIR unless DATABASE_URL is set. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const bus = config.REDIS_URL ? await redisBus(config.REDIS_URL) : localBus();
  const app = await buildApp({ config, database, bus, secret: loadSecret(config) });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: database.kind,
      events: config.REDIS_URL ? 'redis' : 'in-process',
      mail: config.SMTP_URL ? 'smtp' : 'log',
      ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    },
    `Shared Box Chess on ${localUrl(app)}`,
  );
}

main().catch((error: Error) => {
  // The message says what to do; anything else is a bug, and its stack helps more.
  if (!(error instanceof DataDirInUse)) throw error;
  console.error(error.message);
  process.exit(1);
});
