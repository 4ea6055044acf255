import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // 3 seeks a minute per player, 12 per address.
  server = await startServer({ env: { RATE_LIMIT_SCALE: '0.1' } });
}, 60_000);
afterAll(() => server.close());

const seek = (agent: ReturnType<TestServer['agent']>) =>
  agent.post('/api/lobby/seeks', { kind: 'pool', pool: '5+0' });

describe('the limits of seeking', () => {
  it('refuses more seeks a minute from one player, then from one address', async () => {
    const ann = await server.signedIn();
    for (let i = 0; i < 3; i++) expect((await seek(ann)).status).toBeLessThan(300);
    const refused = await seek(ann);
    expect(refused).toMatchObject({ status: 429, body: { code: 'rateLimited' } });
    expect(refused.body.message).toMatch(/^Too many seeks\. Please try again in \d+ seconds\.$/);
    expect(refused.headers['retry-after']).toBeTruthy();

    let status = 0;
    for (let user = 0; user < 4 && status !== 429; user++) {
      const agent = await server.signedIn();
      for (let i = 0; i < 3 && status !== 429; i++) status = (await seek(agent)).status;
    }
    expect(status).toBe(429);
  });
});
