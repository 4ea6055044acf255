import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand, USAGE } from '../src/cli/admin-command.ts';
import { sessions, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { codeIn, logMailer } from './accounts.ts';
import { startServer, type TestServer } from './helpers.ts';

// Without SMTP: registration signs in at once and codes only reach the log (here, `mailer.sent`).
const mailer = logMailer();
let server: TestServer;
/** One bcrypt hash of 'secret1', shared by the users made directly in the database. */
let secretHash: string;
beforeAll(async () => {
  [server, secretHash] = await Promise.all([
    startServer({ mailer, env: { RATE_LIMIT_SCALE: '100' } }),
    hashPassword('secret1'),
  ]);
}, 60_000);
afterAll(() => server.close());

const db = () => server.app.services.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const sessionCount = async (userId: string) =>
  (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('registration and sign-in', () => {
  it('answers 401 to GET /api/user when signed out', async () => {
    expect(await server.agent().get('/api/user')).toMatchObject({
      status: 401,
      body: { message: 'Not signed in' },
    });
  });

  it('registers, signs in directly (no SMTP) and keeps the phone in E.164', async () => {
    const agent = server.agent();
    const res = await agent.post('/api/register', {
      username: 'Alice',
      password: 'secret1',
      email: 'Alice@Example.com',
      phone: '415-555-0123',
      firstName: 'Alice',
      lastName: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'Alice',
      email: 'Alice@Example.com',
      phone: '+14155550123',
      firstName: 'Alice',
      lastName: null,
      isAdmin: false,
      isBlocked: false,
    });
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'createdAt',
        'email',
        'firstName',
        'id',
        'isAdmin',
        'isBlocked',
        'lastActivityAt',
        'lastName',
        'phone',
        'profileImageUrl',
        'tosViolation',
        'username',
      ].sort(),
    );
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await agent.get('/api/user')).body.id).toBe(res.body.id);
    const row = await userRow(res.body.id);
    expect(row.emailVerified).toBe(true);
    expect(row.passwordHash).toMatch(/^\$2b\$12\$/);
    expect(mailer.sent).toEqual([]);
  });

  it('refuses a taken username or email whatever the case', async () => {
    const agent = server.agent();
    const base = { password: 'secret1' };
    expect(
      await agent.post('/api/register', { ...base, username: 'ALICE', email: 'other@example.com' }),
    ).toMatchObject({ status: 409, body: { message: 'Username already taken' } });
    expect(
      await agent.post('/api/register', { ...base, username: 'alice2', email: 'alice@EXAMPLE.com' }),
    ).toMatchObject({ status: 409, body: { message: 'Email already registered' } });
    expect(agent.cookies.size).toBe(0);
  });

  it('signs in by username or email, rotating the session, and signs out', async () => {
    const agent = server.agent();
    const byName = await agent.post('/api/login', { username: 'alice', password: 'secret1' });
    expect(byName).toMatchObject({ status: 200, body: { username: 'Alice' } });
    const first = agent.cookies.get(SESSION_COOKIE);
    const userId = byName.body.id as string;
    expect(await sessionCount(userId)).toBe(2); // the registration's and this one

    const byEmail = await agent.post('/api/login', { username: 'ALICE@example.com', password: 'secret1' });
    expect(byEmail).toMatchObject({ status: 200, body: { id: userId } });
    expect(agent.cookies.get(SESSION_COOKIE)).not.toBe(first);
    expect(await sessionCount(userId)).toBe(2); // the old one of this client ended

    expect(await agent.post('/api/logout')).toMatchObject({
      status: 200,
      body: { success: true, message: 'You have been logged out successfully' },
    });
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount(userId)).toBe(1);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('ends a session after 30 days', async () => {
    const { user } = await server.signedIn({ passwordHash: secretHash });
    const agent = server.agent();
    await agent.post('/api/login', { username: user.username, password: 'secret1' });
    server.advance(30 * 86_400_000 - 60_000);
    expect((await agent.get('/api/user')).status).toBe(200);
    server.advance(2 * 60_000);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const agent = server.agent();
    const wrong = await agent.post('/api/login', { username: 'alice', password: 'wrong-password' });
    const unknown = await agent.post('/api/login', { username: 'nobody-here', password: 'secret1' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(agent.cookies.size).toBe(0);
  });
});

describe('account', () => {
  it('changes the password through both calls, ending the other sessions only', async () => {
    const me = await server.signedIn({ passwordHash: secretHash });
    const other = await server.signedIn({ passwordHash: secretHash });
    // A second session of `me`, as on another device.
    const device = server.agent();
    expect(
      (await device.post('/api/login', { username: me.user.username, password: 'secret1' })).status,
    ).toBe(200);

    expect(
      await me.post('/api/change-password', { currentPassword: 'wrong1', newPassword: 'secret2' }),
    ).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    expect(
      await me.post('/api/change-password', { currentPassword: 'secret1', newPassword: '123' }),
    ).toMatchObject({
      status: 400,
      body: { message: 'newPassword: New password must be at least 6 characters' },
    });

    expect(
      await me.post('/api/change-password', { currentPassword: 'secret1', newPassword: 'secret2' }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Your password has been updated successfully.' },
    });
    expect((await me.get('/api/user')).status).toBe(200);
    expect((await device.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(200);

    expect(
      await me.patch('/api/user/password', { currentPassword: 'secret2', newPassword: 'secret3' }),
    ).toMatchObject({ status: 200 });
    expect(
      (await server.agent().post('/api/login', { username: me.user.username, password: 'secret3' })).status,
    ).toBe(200);
    expect((await server.agent().patch('/api/user/password', {})).status).toBe(400);
    expect(
      (
        await server
          .agent()
          .patch('/api/user/password', { currentPassword: 'secret3', newPassword: 'secret4' })
      ).status,
    ).toBe(401);
  });

  it('updates the profile: names, email, E.164 phone, and clears optional fields', async () => {
    const me = await server.signedIn({ email: 'bob@example.com' });
    await server.signedIn({ email: 'taken@example.com' });
    const res = await me.patch('/api/user/profile', {
      firstName: ' Bob ',
      lastName: 'Builder',
      email: 'bob@example.org',
      phone: '+44 20-7946-0958',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { firstName: 'Bob', lastName: 'Builder', email: 'bob@example.org', phone: '+442079460958' },
    });
    expect(res.body.needsEmailVerification).toBeUndefined(); // no SMTP: nothing to verify with
    expect((await userRow(me.user.id)).emailVerified).toBe(false);

    expect((await me.patch('/api/user/profile', { firstName: 'Bob', lastName: 'B' })).body).toMatchObject({
      email: 'bob@example.org',
      phone: '+442079460958',
    });
    expect(
      (await me.patch('/api/user/profile', { firstName: 'Bob', lastName: 'B', email: '', phone: null })).body,
    ).toMatchObject({ email: null, phone: null });

    expect(
      await me.patch('/api/user/profile', { firstName: 'Bob', lastName: 'B', email: 'TAKEN@example.com' }),
    ).toMatchObject({ status: 409, body: { message: 'Email already registered' } });
    expect(
      await me.patch('/api/user/profile', { firstName: '', lastName: 'x'.repeat(51), phone: '12-34' }),
    ).toMatchObject({
      status: 400,
      body: {
        message:
          'firstName: First name is required; lastName: Last name too long; phone: Invalid phone number',
      },
    });
    expect(
      (await me.patch('/api/user/profile', { firstName: 'A', lastName: 'B', email: 'nope' })).body,
    ).toEqual({
      message: 'email: Invalid email format',
    });
    expect((await server.agent().patch('/api/user/profile', { firstName: 'A', lastName: 'B' })).status).toBe(
      401,
    );
  });

  it('validates a phone number by its country and its lengths, and stores it in E.164', async () => {
    const me = await server.signedIn();
    const phone = (value: string) =>
      me.patch('/api/user/profile', { firstName: 'P', lastName: 'P', phone: value });
    for (const [typed, stored] of [
      ['+91 98765 43210', '+919876543210'],
      ['+44 20 7946 0958', '+442079460958'],
      ['+49 30 901820', '+4930901820'],
      ['(415) 555-0123', '+14155550123'],
    ]) {
      expect((await phone(typed)).body.phone).toBe(stored);
    }
    // Too short or too long for their country, or no country at all: refused, nothing stored.
    for (const typed of ['+44 20 7946 095', '+1 415 555 01234', '+999 1234567', '+91 98765 4321']) {
      expect(await phone(typed)).toMatchObject({
        status: 400,
        body: { message: 'phone: Invalid phone number' },
      });
    }
    expect((await userRow(me.user.id)).phone).toBe('+14155550123');
  });

  it('resets a forgotten password with the logged code, and answers the same for an unknown email', async () => {
    const me = await server.signedIn({ email: 'carol@example.com', passwordHash: secretHash });
    const answer = {
      status: 200,
      body: {
        success: true,
        message: 'If an account with this email exists, you will receive a password reset code shortly',
      },
    };
    const sentBefore = mailer.sent.length;
    expect(await server.agent().post('/api/forgot-password', { email: 'nobody@example.com' })).toMatchObject(
      answer,
    );
    expect(mailer.sent.length).toBe(sentBefore);
    expect(await server.agent().post('/api/forgot-password', { email: 'CAROL@example.com' })).toMatchObject(
      answer,
    );
    await server.app.services.background.settle(); // the mail leaves after the answer
    const mail = mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: 'carol@example.com', subject: 'Reset your Shared Box Chess password' });
    const code = codeIn(mail.text)!;

    const reset = await server.agent().post('/api/reset-password', {
      email: 'carol@example.com',
      verificationCode: code,
      newPassword: 'newsecret',
      confirmPassword: 'newsecret',
    });
    expect(reset).toMatchObject({ status: 200, body: { success: true } });
    expect((await me.get('/api/user')).status).toBe(401); // every session ended
    expect(
      (await server.agent().post('/api/login', { username: 'carol@example.com', password: 'newsecret' }))
        .status,
    ).toBe(200);
  });

  it('answers 503 to Google sign-in when it is not configured', async () => {
    expect(await server.agent().get('/api/google/login')).toMatchObject({
      status: 503,
      body: { message: 'Google sign-in is not configured on this server' },
    });
  });
});

describe('admin', () => {
  it('lists and searches users', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const target = await server.signedIn({
      firstName: 'Zebedee',
      email: 'zeb@example.com',
      phone: '+15550001111',
    });
    const all = await admin.get('/api/admin/users');
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeGreaterThanOrEqual(5);
    expect(all.body.items[0].passwordHash).toBeUndefined();
    for (const q of ['zebedee', 'ZEB@', target.user.username.toUpperCase()]) {
      const found = await admin.get(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(found.body.items.map((u: { id: string }) => u.id)).toEqual([target.user.id]);
      expect(found.body.total).toBe(1);
    }
    // '%' is a letter, not a wildcard
    expect((await admin.get('/api/admin/users?q=%25')).body).toMatchObject({ items: [], total: 0 });
  });

  it('blocks (ending every session) and unblocks, but never the admin themself', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const target = await server.signedIn({ passwordHash: secretHash });
    expect(
      await admin.post('/api/admin/users/block', { userId: target.user.id, isBlocked: true }),
    ).toMatchObject({
      status: 200,
      body: { message: `User ${target.user.username} blocked` },
    });
    expect(await sessionCount(target.user.id)).toBe(0);
    expect((await target.get('/api/user')).status).toBe(401);
    expect(
      await server.agent().post('/api/login', { username: target.user.username, password: 'secret1' }),
    ).toMatchObject({
      status: 403,
      body: { message: 'Your account has been blocked. Please contact support.' },
    });

    expect(
      await admin.post('/api/admin/users/block', { userId: target.user.id, isBlocked: false }),
    ).toMatchObject({
      status: 200,
      body: { message: `User ${target.user.username} unblocked` },
    });
    expect(
      (await server.agent().post('/api/login', { username: target.user.username, password: 'secret1' }))
        .status,
    ).toBe(200);

    expect(
      await admin.post('/api/admin/users/block', { userId: admin.user.id, isBlocked: true }),
    ).toMatchObject({
      status: 400,
      body: { message: 'You cannot block yourself' },
    });
    expect(
      await admin.post('/api/admin/users/block', { userId: 'no-such-user', isBlocked: true }),
    ).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
  });

  it('grants and removes admin rights', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const target = await server.signedIn();
    expect((await target.get('/api/admin/users')).status).toBe(403);
    const granted = await admin.post('/api/admin/users/update-admin', {
      userId: target.user.id,
      isAdmin: true,
    });
    expect(granted).toMatchObject({
      status: 200,
      body: { message: 'User is now an admin', user: { isAdmin: true } },
    });
    expect((await target.get('/api/admin/users')).status).toBe(200);
    expect(
      (await admin.post('/api/admin/users/update-admin', { userId: target.user.id, isAdmin: false })).body
        .message,
    ).toBe('User is no longer an admin');
    expect(
      await admin.post('/api/admin/users/update-admin', { userId: admin.user.id, isAdmin: false }),
    ).toMatchObject({ status: 400, body: { message: 'You cannot remove your own admin rights' } });
  });

  it('lists the users active in the last 5 minutes', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const active = await server.signedIn();
    const sixMinutesAgo = new Date(server.app.services.now().getTime() - 6 * 60_000);
    const idle = await server.signedIn({ lastActivityAt: sixMinutesAgo });
    await active.get('/api/user'); // activity is recorded on authenticated requests
    const online = (await admin.get('/api/admin/online-users')).body.items.map((u: { id: string }) => u.id);
    expect(online).toContain(active.user.id);
    expect(online).toContain(admin.user.id);
    expect(online).not.toContain(idle.user.id);
    server.advance(6 * 60_000);
    const later = (await admin.get('/api/admin/online-users')).body.items.map((u: { id: string }) => u.id);
    expect(later).not.toContain(active.user.id);
  });
});

describe('npm run admin', () => {
  it('explains its usage and exits 2 when misused (the real command)', async () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const run = promisify(execFile)('npm', ['run', '-s', 'admin', '--', 'crown', 'someone'], { cwd: root });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining(USAGE) });
  });

  it('promotes and demotes by username whatever the case, and exits 1 for an unknown user', async () => {
    const target = await server.signedIn({ username: 'Root' });
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
    const admin = (...args: string[]) => adminCommand(args, async () => db(), out);
    expect(await admin('promote', 'root')).toBe(0);
    expect((await userRow(target.user.id)).isAdmin).toBe(true);
    expect(await admin('demote', 'ROOT')).toBe(0);
    expect((await userRow(target.user.id)).isAdmin).toBe(false);
    expect(await admin('promote', 'nobody')).toBe(1);
    expect(await admin('promote')).toBe(2);
    expect(lines).toEqual([
      'Root is now an admin.',
      'Root is no longer an admin.',
      'error: No user named "nobody".',
      `error: ${USAGE}`,
    ]);
  });
});
