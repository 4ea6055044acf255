import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startServer, type TestServer } from './helpers.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', publicUrl: 'http://localhost:3000' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names every bad setting at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_FORMAT: 'xml' })).toThrow(
      /PORT: must be a port number[\s\S]*DATABASE_URL: must be a URL[\s\S]*LOG_FORMAT: Invalid option/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
  });
});

describe('foundation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers /healthz with the database kind', async () => {
    const res = await server.agent().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('sends security headers with a CSP', async () => {
    const res = await server.agent().get('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.agent().get('/api/nothing-here');
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const res = await server
      .agent()
      .request('POST', '/api/nothing-here', {}, { origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 403, body: { message: 'Cross-origin request refused' } });
  });

  it('refuses malformed JSON and oversized bodies with a message', async () => {
    const agent = server.agent();
    const bad = await agent.request('POST', '/api/nothing-here', '{"a":');
    expect(bad).toMatchObject({ status: 400, body: { message: 'Request body is not valid JSON' } });
    const big = await agent.request(
      'POST',
      '/api/nothing-here',
      JSON.stringify({ a: 'x'.repeat(BODY_LIMIT) }),
    );
    expect(big).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });
});
