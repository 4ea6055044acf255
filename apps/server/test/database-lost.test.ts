import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

it.runIf(process.env.DATABASE_URL)(
  "keeps serving when PostgreSQL closes the pool's idle connections (a restart, an administrator)",
  async () => {
    const agent = await server.signedIn();
    expect((await agent.get('/api/games')).status).toBe(200);
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((done) => setTimeout(done, 200)); // the closed connections' errors arrive
    expect((await server.agent().get('/healthz')).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(200);
  },
);
