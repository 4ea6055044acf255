import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { security } from '../src/plugins/security.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const connectSrc = (csp: unknown) => String(csp).match(/connect-src ([^;]*)/)?.[1];

describe('headers (docs/api.md, Conventions)', () => {
  it('keeps every /api answer out of caches: personal data, errors too', async () => {
    const user = await server.signedIn();
    for (const [agent, url] of [
      [user, '/api/user'],
      [user, '/api/games'],
      [server.agent(), '/api/user'],
      [server.agent(), '/api/nothing-here'],
      [server.agent(), '/api/games/%E0%A4%A'],
    ] as const) {
      expect((await agent.get(url)).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('denies the powerful browser features the app never uses', async () => {
    const policy = (await server.agent().get('/healthz')).headers['permissions-policy'];
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it('lets pages connect to the site itself only: its wss: origin, and ws: in plain-http development', async () => {
    const csp = (await server.agent().get('/healthz')).headers['content-security-policy'];
    expect(connectSrc(csp)).toBe("'self' ws://localhost:3000");
    const app = Fastify();
    security(app, loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://chess.example.com/' }));
    app.get('/', async () => 'ok');
    const res = await app.inject('/');
    expect(connectSrc(res.headers['content-security-policy'])).toBe("'self' wss://chess.example.com");
    await app.close();
  });
});
