import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { accountRows, agentAt, logMailer } from './accounts.ts';
import type { Agent } from './helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

// The real rate limits (RATE_LIMIT_SCALE 1); each test comes from its own address.
let server: TestServer;
let secretHash: string;
let victim: Agent & { user: typeof users.$inferSelect };
beforeAll(async () => {
  [server, secretHash] = await Promise.all([startServer({ mailer: logMailer() }), hashPassword('secret1')]);
  victim = await server.signedIn({
    username: 'victim',
    email: 'victim@example.com',
    passwordHash: secretHash,
  });
}, 60_000);
afterAll(() => server.close());

/** Sends each request and expects its status and message, with every account row unchanged. */
async function refused(
  agent: Agent,
  cases: [
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body: unknown,
    status: number,
    message: string | RegExp,
  ][],
) {
  const before = await accountRows(server);
  for (const [method, url, body, status, message] of cases) {
    const res = await agent.request(method, url, body);
    expect({ url, body, status: res.status }).toEqual({ url, body, status });
    expect(res.body.message).toMatch(message);
  }
  expect(await accountRows(server)).toEqual(before);
}

describe('malformed requests change nothing', () => {
  it('refuses missing fields and wrong types with the field and the reason', async () => {
    await refused(agentAt(server, '10.0.1.1'), [
      [
        'POST',
        '/api/register',
        {},
        400,
        'username: Username is required; password: Password is required; email: Email is required',
      ],
      [
        'POST',
        '/api/register',
        { username: 42, password: true, email: ['a@b.co'] },
        400,
        /username: Expected text/,
      ],
      [
        'POST',
        '/api/register',
        { username: 'abc', password: 'secret1', email: 'no-at-sign' },
        400,
        'email: Invalid email address',
      ],
      [
        'POST',
        '/api/register',
        { username: 'ab', password: '12345', email: 'a@b.co' },
        400,
        'username: Username must be at least 3 characters; password: Password must be at least 6 characters',
      ],
      ['POST', '/api/login', { username: 'victim' }, 400, 'password: Password is required'],
      [
        'POST',
        '/api/login',
        { username: { $ne: null }, password: 'secret1' },
        400,
        'username: Expected text',
      ],
      ['POST', '/api/login', [], 400, /Username or email is required|expected object/i],
      ['POST', '/api/login', 'null', 400, /./],
      ['POST', '/api/forgot-password', { email: 5 }, 400, 'email: Expected text'],
      [
        'POST',
        '/api/verify-email',
        { email: 'victim@example.com', verificationCode: 123456 },
        400,
        'verificationCode: Expected text',
      ],
      [
        'POST',
        '/api/verify-email',
        { email: 'victim@example.com', verificationCode: '12a456' },
        400,
        'verificationCode: Verification code must be 6 digits',
      ],
      [
        'POST',
        '/api/reset-password',
        {
          email: 'victim@example.com',
          verificationCode: '123456',
          newPassword: 'secret9',
          confirmPassword: 'secret8',
        },
        400,
        "confirmPassword: Passwords don't match",
      ],
    ]);
    await victim.get('/api/user'); // records the activity now, not during the checks below
    await refused(victim, [
      [
        'PATCH',
        '/api/user/profile',
        { firstName: 1, lastName: null },
        400,
        /firstName: Expected text; lastName: Last name is required/,
      ],
      [
        'PATCH',
        '/api/user/profile',
        { firstName: 'A', lastName: 'B', phone: '555-CALL-NOW' },
        400,
        'phone: Invalid phone number',
      ],
      [
        'POST',
        '/api/change-password',
        { currentPassword: ['secret1'], newPassword: 'secret2' },
        400,
        'currentPassword: Expected text',
      ],
    ]);
  });

  it('refuses injection-shaped strings by validation, and treats them as text elsewhere', async () => {
    const agent = agentAt(server, '10.0.1.2');
    await refused(agent, [
      [
        'POST',
        '/api/register',
        { username: "' OR 1=1 --", password: 'secret1', email: 'x@example.com' },
        400,
        'username: Username may only contain letters, digits, _, - and .',
      ],
      [
        'POST',
        '/api/register',
        { username: '<script>alert(1)</script>', password: 'secret1', email: 'x@example.com' },
        400,
        'username: Username may only contain letters, digits, _, - and .',
      ],
      [
        'POST',
        '/api/register',
        { username: 'robert', password: 'secret1', email: "a@b.co'; DROP TABLE users; --" },
        400,
        'email: Invalid email address',
      ],
      [
        'POST',
        '/api/login',
        { username: "' OR 1=1 --", password: "' OR 1=1 --" },
        401,
        'Invalid username or password',
      ],
      [
        'POST',
        '/api/login',
        { username: "victim' --", password: 'anything' },
        401,
        'Invalid username or password',
      ],
      [
        'POST',
        '/api/forgot-password',
        { email: '<script>@example.com' },
        400,
        'email: Invalid email address',
      ],
    ]);
    const admin = await server.signedIn({ isAdmin: true });
    expect((await admin.get(`/api/admin/users?q=${encodeURIComponent("' OR 1=1 --")}`)).body.items).toEqual(
      [],
    );
  });

  it('refuses malformed JSON, oversized bodies and foreign origins', async () => {
    const agent = agentAt(server, '10.0.1.3');
    const before = await accountRows(server);
    expect(await agent.request('POST', '/api/login', '{"username":"victim",')).toMatchObject({
      status: 400,
      body: { message: 'Request body is not valid JSON' },
    });
    const huge = {
      username: 'hugeuser',
      password: 'secret1',
      email: 'huge@example.com',
      firstName: 'x'.repeat(BODY_LIMIT),
    };
    expect(await agent.post('/api/register', huge)).toMatchObject({
      status: 413,
      body: { message: 'Request body is too large' },
    });
    expect(
      await agent.request(
        'POST',
        '/api/login',
        { username: 'victim', password: 'secret1' },
        { origin: 'https://evil.example' },
      ),
    ).toMatchObject({ status: 403, body: { message: 'Cross-origin request refused' } });
    expect(
      await agent.request('POST', '/api/login', 'username=victim&password=secret1', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    ).toMatchObject({ status: 415 });
    expect(await accountRows(server)).toEqual(before);
  });

  it('ignores forged fields at registration', async () => {
    const res = await agentAt(server, '10.0.1.4').post('/api/register', {
      username: 'forger',
      password: 'secret1',
      email: 'forger@example.com',
      isAdmin: true,
      isBlocked: false,
      emailVerified: true,
      id: victim.user.id,
    });
    expect(res).toMatchObject({ status: 201, body: { username: 'forger', isAdmin: false } });
    expect(res.body.id).not.toBe(victim.user.id);
  });
});

describe('permissions', () => {
  it('refuses every admin call to a plain user (403) and to a stranger (401)', async () => {
    const plain = await server.signedIn();
    await plain.get('/api/user');
    const calls: ['GET' | 'POST', string, unknown][] = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/online-users', undefined],
      ['POST', '/api/admin/users/block', { userId: victim.user.id, isBlocked: true }],
      ['POST', '/api/admin/users/update-admin', { userId: plain.user.id, isAdmin: true }],
    ];
    await refused(
      plain,
      calls.map(([m, u, b]) => [m, u, b, 403, "You don't have permission to access the admin panel."]),
    );
    await refused(
      agentAt(server, '10.0.2.1'),
      calls.map(([m, u, b]) => [m, u, b, 401, 'Not signed in']),
    );
  });

  it('refuses a blocked user at sign-in, and their session cookie', async () => {
    const blocked = await server.signedIn({ passwordHash: secretHash });
    const { db } = server.app.services.database;
    // Blocked behind the API's back: the session row is still there, yet refused.
    await db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
    await refused(blocked, [
      ['GET', '/api/user', undefined, 401, 'Not signed in'],
      ['PATCH', '/api/user/profile', { firstName: 'A', lastName: 'B' }, 401, 'Not signed in'],
      [
        'POST',
        '/api/change-password',
        { currentPassword: 'secret1', newPassword: 'secret2' },
        401,
        'Not signed in',
      ],
    ]);
    await refused(agentAt(server, '10.0.2.2'), [
      [
        'POST',
        '/api/login',
        { username: blocked.user.username, password: 'secret1' },
        403,
        'Your account has been blocked. Please contact support.',
      ],
      [
        'POST',
        '/api/login',
        { username: blocked.user.username, password: 'wrong-1' },
        401,
        'Invalid username or password',
      ],
    ]);
  });
});

describe('rate limits', () => {
  it('stops a brute-forced password after 5 failures, even with the right password', async () => {
    const before = await accountRows(server);
    for (let i = 0; i < 5; i++) {
      // From several addresses: the account's own limit is what stops them.
      const res = await agentAt(server, `10.0.3.${i}`).post('/api/login', {
        username: 'VICTIM',
        password: `guess-${i}`,
      });
      expect(res.status).toBe(401);
    }
    const right = await agentAt(server, '10.0.3.9').post('/api/login', {
      username: 'victim@example.com',
      password: 'secret1',
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(
      /^Too many attempts for this account\. Please try again in 1[45] minutes\.$/,
    );
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    expect(await accountRows(server)).toEqual(before);
    expect((await victim.get('/api/user')).status).toBe(200); // the signed-in owner is not locked out
  });

  it('counts each login before its password is checked: of 60 at once, 5 are checked', async () => {
    await server.signedIn({ username: 'raced', passwordHash: secretHash });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        agentAt(server, `10.0.6.${i}`).post('/api/login', { username: 'raced', password: `guess-${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
  });

  it('gives a login with the right password its attempt back', async () => {
    await server.signedIn({ username: 'forgetful', passwordHash: secretHash });
    const login = (password: string) =>
      agentAt(server, '10.0.7.1').post('/api/login', { username: 'forgetful', password });
    for (let i = 0; i < 4; i++) expect((await login(`guess-${i}`)).status).toBe(401);
    expect((await login('secret1')).status).toBe(200);
    expect((await login('guess-4')).status).toBe(401);
    expect((await login('secret1')).status).toBe(429);
  });

  it('limits sign-in attempts from one address to 10 a minute', async () => {
    const agent = agentAt(server, '10.0.4.1');
    for (let i = 0; i < 10; i++) {
      expect((await agent.post('/api/login', { username: `someone${i}`, password: 'short' })).status).toBe(
        400,
      );
    }
    const res = await agent.post('/api/login', { username: 'victim', password: 'secret1' });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(
      (await agentAt(server, '10.0.4.2').post('/api/login', { username: 'x1', password: 'short' })).status,
    ).toBe(400);
  });

  it('limits registrations from one address and code requests for one email', async () => {
    const agent = agentAt(server, '10.0.5.1');
    for (let i = 0; i < 5; i++) expect((await agent.post('/api/register', {})).status).toBe(400);
    expect((await agent.post('/api/register', {})).status).toBe(429);

    const before = await accountRows(server);
    for (let i = 0; i < 3; i++) {
      const res = await agentAt(server, `10.0.5.${10 + i}`).post('/api/forgot-password', {
        email: 'nobody@example.com',
      });
      expect(res.status).toBe(200);
    }
    const fourth = await agentAt(server, '10.0.5.20').post('/api/forgot-password', {
      email: 'NOBODY@example.com',
    });
    expect(fourth).toMatchObject({ status: 429 });
    expect(fourth.body.message).toMatch(/^Too many attempts for this account/);
    expect(await accountRows(server)).toEqual(before);
  });
});
