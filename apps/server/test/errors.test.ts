import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers = {}, payload?: string) =>
  server.app.inject({ method, url, headers, payload });

// docs/api.md, Conventions: every error is `{ message }` (a refusal adds its `code`), in our words.
describe('framework errors answer the API error shape', () => {
  it.each([
    [
      'an over-long path parameter',
      'GET',
      `/api/games/${'x'.repeat(200)}`,
      {},
      '',
      414,
      'Request path is too long',
    ],
    ['a malformed URL', 'GET', '/api/games/%E0%A4%A', {}, '', 400, 'Request path is not a valid URL'],
    ['an unknown /api path', 'GET', '/api/nothing-here', {}, '', 404, 'Not found'],
    ['another method', 'PUT', '/api/user', {}, '', 404, 'Not found'],
    [
      'a body longer than its Content-Length',
      'POST',
      '/api/login',
      { 'content-type': 'application/json', 'content-length': '3' },
      '{"username":"alice"}',
      400,
      'Request body does not match its Content-Length',
    ],
  ] as const)('%s', async (_case, method, url, headers, payload, status, message) => {
    const res = await inject(method, url, headers, payload || undefined);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('also when Node refuses the request before Fastify sees it', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/user HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe('{"message":"Bad Request"}');
  });
});
