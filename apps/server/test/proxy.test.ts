import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The statuses of twelve registrations, each claiming another address in X-Forwarded-For. */
async function registrations(env: Record<string, string>): Promise<number[]> {
  server = await startServer({ env: { NODE_ENV: 'production', ...env } });
  const agent = server.agent();
  const statuses = [];
  for (let i = 1; i <= 12; i++) {
    const res = await agent.request('POST', '/api/register', {}, { 'x-forwarded-for': `203.0.113.${i}` });
    statuses.push(res.status);
  }
  return statuses;
}

/** Five a minute from one address (docs/api.md, rate limits), then 429. */
const LIMITED = [...Array(5).fill(400), ...Array(7).fill(429)];
const EACH_ITS_OWN = Array(12).fill(400);

// Requests injected here come from 127.0.0.1, the "proxy".
describe('X-Forwarded-For in production', () => {
  it.each([
    ['', LIMITED],
    ['1', EACH_ITS_OWN],
    ['10.0.0.0/8', LIMITED],
    ['10.0.0.0/8, 127.0.0.1', EACH_ITS_OWN],
  ])('with TRUST_PROXY=%j', async (trustProxy, statuses) => {
    expect(await registrations({ TRUST_PROXY: trustProxy })).toEqual(statuses);
  });
});

describe('TRUST_PROXY', () => {
  it('is a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8,::1 , loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*"true"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
