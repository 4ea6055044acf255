import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @sbc/server` writes a new migration after a change to the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
