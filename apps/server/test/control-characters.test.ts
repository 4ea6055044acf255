import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { loggerOptions } from '../src/logger.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';

const REFUSED = 'Control characters are not allowed';

let server: TestServer;
let admin: Agent;
let log = '';
beforeAll(async () => {
  const out = { write: (text: string) => (log += text) };
  server = await startServer({
    env: { RATE_LIMIT_SCALE: '100' },
    logger: loggerOptions(loadConfig({ LOG_FORMAT: 'json', LOG_LEVEL: 'error' }), out),
  });
  admin = await server.signedIn({ isAdmin: true });
});
afterAll(() => server.close());

// PostgreSQL refuses NUL in text: these used to reach the database and answer 500.
describe('control characters in text fields (docs/api.md, Conventions)', () => {
  it.each([
    ['POST', '/api/login', { username: 'ali\u0000ce', password: 'secret1' }, 'username'],
    [
      'POST',
      '/api/register',
      { username: 'alice', password: 'secret1', email: 'a@b.co', firstName: 'A\u0000' },
      'firstName',
    ],
    [
      'POST',
      '/api/register',
      { username: 'alice', password: 'secret1', email: 'a@b.co', lastName: 'B\u001b[31m' },
      'lastName',
    ],
    ['PATCH', '/api/user/profile', { firstName: 'A\u0000', lastName: 'B' }, 'firstName'],
    ['PATCH', '/api/user/profile', { firstName: 'A', lastName: 'B\u007f' }, 'lastName'],
    ['GET', '/api/admin/users?q=%00', undefined, 'q'],
    ['POST', '/api/admin/users/block', { userId: 'x\u0000', isBlocked: true }, 'userId'],
    ['POST', '/api/admin/users/update-admin', { userId: 'x\u0000', isAdmin: true }, 'userId'],
    ['POST', '/api/admin/maintenance', { enabled: false, message: 'Back\u0000' }, 'message'],
    ['POST', '/api/admin/maintenance', { enabled: false, message: 'Back\u0007' }, 'message'],
    ['POST', '/api/feedback', { name: 'A\u0000', message: 'Hi' }, 'name'],
    ['POST', '/api/feedback', { name: 'Ann\u0085', message: 'Hi' }, 'name'],
    ['POST', '/api/feedback', { name: 'Ann', message: 'Hi\u0000' }, 'message'],
    ['POST', '/api/feedback', { name: 'Ann', message: 'Hi', parentId: 'x\u0000' }, 'parentId'],
    ['DELETE', '/api/admin/feedback/x%00', undefined, 'id'],
  ] as const)('%s %s refuses %j', async (method, url, body, field) => {
    // Signing in or registering would replace the admin's session.
    const agent = url === '/api/login' || url === '/api/register' ? server.agent() : admin;
    const res = await agent.request(method, url, body);
    expect(res).toMatchObject({ status: 400, body: { message: `${field}: ${REFUSED}` } });
  });

  it('allows line breaks and tabs in the feedback message, a paragraph', async () => {
    const message = 'Great game.\r\n\tThanks!';
    const res = await server.agent().post('/api/feedback', { name: 'Ann', message, isPublic: 1 });
    expect(res).toMatchObject({ status: 201, body: { message } });
  });

  it('allows line breaks and tabs in the maintenance message, a paragraph', async () => {
    const message = 'Back at noon.\r\n\tSorry!';
    const res = await admin.post('/api/admin/maintenance', { enabled: false, message });
    expect(res).toMatchObject({ status: 200, body: { message } });
  });
});

describe('the error log', () => {
  it("never holds a failed query's values (an email, a password hash)", async () => {
    await server.app.services.database.db.execute(
      sql`alter table users add constraint no_boom check (first_name <> 'Boom')`,
    );
    log = '';
    const res = await server.agent().post('/api/register', {
      username: 'boom',
      password: 'secret1',
      email: 'leak@example.com',
      firstName: 'Boom',
    });
    expect(res).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
    const record = JSON.parse(log); // the one error
    expect(record.msg).toBe('request failed');
    expect(record.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(record.err.message).toMatch(/no_boom/); // what failed is still there
    expect(log).not.toMatch(/leak@example\.com|\$2[aby]\$|Boom/);
  });
});
