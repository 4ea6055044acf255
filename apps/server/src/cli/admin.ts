import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/connect.ts';
import { adminCommand } from './admin-command.ts';

/** `npm run -s admin -- promote|demote <username>`: how the first admin is made. */
async function main(): Promise<number> {
  let database: Database | undefined;
  try {
    return await adminCommand(
      process.argv.slice(2),
      async () => {
        const config = loadConfig();
        database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
        return database.db;
      },
      console,
    );
  } finally {
    await database?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
