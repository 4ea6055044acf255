import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { accountRows, type Inbox, smtpInbox } from './accounts.ts';
import { startServer, type TestServer } from './helpers.ts';

// With SMTP: codes travel by mail to a real local SMTP server, and registration needs verification.
let inbox: Inbox;
let server: TestServer;
let secretHash: string;
beforeAll(async () => {
  inbox = await smtpInbox();
  [server, secretHash] = await Promise.all([
    startServer({ env: { SMTP_URL: inbox.url, RATE_LIMIT_SCALE: '10' } }),
    hashPassword('secret1'),
  ]);
}, 60_000);
afterAll(async () => {
  await server.close();
  await inbox.close();
});

const userByEmail = async (email: string) =>
  (await server.app.services.database.db.select().from(users).where(eq(users.email, email)))[0];

/** A user whose password is 'secret1', made directly in the database. */
const account = (email: string, emailVerified = true) =>
  server.signedIn({ email, emailVerified, passwordHash: secretHash });

/** Refused with this message, every account row unchanged. */
async function refusedUnchanged(url: string, body: unknown, message: string) {
  const before = await accountRows(server);
  const res = await server.agent().post(url, body);
  expect(res).toMatchObject({ status: 400, body: { message } });
  expect(await accountRows(server)).toEqual(before);
}

describe('email verification', () => {
  it('registers, mails a code, refuses sign-in until verified, and verifies once', async () => {
    const agent = server.agent();
    const res = await agent.post('/api/register', {
      username: 'dora',
      password: 'secret1',
      email: 'Dora@example.com',
    });
    expect(res).toEqual({
      status: 201,
      headers: expect.anything(),
      body: {
        success: true,
        message: 'Registration successful. Please check your email for a verification code.',
        user: { needsEmailVerification: true, email: 'Dora@example.com' },
      },
    });
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    const code = await inbox.code('dora@example.com');

    expect(await agent.post('/api/login', { username: 'dora', password: 'secret1' })).toMatchObject({
      status: 403,
      body: {
        message: 'Please verify your email address before signing in. Check your email for the code.',
        needsEmailVerification: true,
        email: 'Dora@example.com',
      },
    });
    const wrong = code === '000000' ? '000001' : '000000';
    expect(
      await agent.post('/api/verify-email', { email: 'dora@example.com', verificationCode: wrong }),
    ).toMatchObject({ status: 400, body: { message: 'Invalid verification code' } });
    expect(
      await agent.post('/api/verify-email', { email: 'DORA@example.com', verificationCode: code }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Your email has been verified successfully! You can now log in.' },
    });
    expect((await userByEmail('Dora@example.com')).emailVerified).toBe(true);

    // Replayed: the code was used once and is dead.
    await refusedUnchanged(
      '/api/verify-email',
      { email: 'dora@example.com', verificationCode: code },
      'Invalid verification code',
    );
    expect((await agent.post('/api/login', { username: 'dora', password: 'secret1' })).status).toBe(200);
  });

  it('resends a code that replaces the older one, and only to unverified addresses', async () => {
    await account('erin@example.com', false);
    await account('frank@example.com', true);
    const answer = {
      status: 200,
      body: { success: true, message: 'Please check your email for a new verification code.' },
    };
    expect(
      await server.agent().post('/api/resend-verification', { email: 'erin@example.com' }),
    ).toMatchObject(answer);
    const first = await inbox.code('erin@example.com');
    expect(
      await server.agent().post('/api/resend-verification', { email: 'erin@example.com' }),
    ).toMatchObject(answer);
    const second = await inbox.code('erin@example.com');
    if (first !== second) {
      expect(
        (
          await server
            .agent()
            .post('/api/verify-email', { email: 'erin@example.com', verificationCode: first })
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await server
          .agent()
          .post('/api/verify-email', { email: 'erin@example.com', verificationCode: second })
      ).status,
    ).toBe(200);

    expect(
      await server.agent().post('/api/resend-verification', { email: 'frank@example.com' }),
    ).toMatchObject(answer);
    expect(
      await server.agent().post('/api/resend-verification', { email: 'nobody@example.com' }),
    ).toMatchObject(answer);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.count('frank@example.com')).toBe(0);
    expect(inbox.count('nobody@example.com')).toBe(0);
  });

  it('keeps signing in by the verified email while a changed one waits for its code, then swaps it in', async () => {
    const me = await account('gail@example.com');
    const profile = { firstName: 'Gail', lastName: 'G', email: 'gail@example.org' };
    expect(await me.patch('/api/user/profile', profile)).toMatchObject({
      status: 200,
      body: { email: 'gail@example.com', pendingEmail: 'gail@example.org', needsEmailVerification: true },
    });
    const code = await inbox.code('gail@example.org');

    // The old address is still the account's: signing in by it (and by the username) works.
    const login = { username: 'gail@example.com', password: 'secret1' };
    expect(await server.agent().post('/api/login', login)).toMatchObject({
      status: 200,
      body: { email: 'gail@example.com', pendingEmail: 'gail@example.org' },
    });
    expect(
      (await server.agent().post('/api/login', { username: 'gail@example.org', password: 'secret1' })).status,
    ).toBe(401);

    const wrong = code === '000000' ? '000001' : '000000';
    expect(await me.post('/api/user/email/confirm', { verificationCode: wrong })).toMatchObject({
      status: 400,
      body: { message: 'Invalid verification code' },
    });
    const confirmed = await me.post('/api/user/email/confirm', { verificationCode: code });
    expect(confirmed).toMatchObject({ status: 200, body: { email: 'gail@example.org' } });
    expect(confirmed.body.pendingEmail).toBeUndefined();
    expect((await userByEmail('gail@example.org')).emailVerified).toBe(true);
    expect(
      (await server.agent().post('/api/login', { username: 'gail@example.org', password: 'secret1' })).status,
    ).toBe(200);
    expect((await server.agent().post('/api/login', login)).status).toBe(401);
    expect(await me.post('/api/user/email/confirm', { verificationCode: code })).toMatchObject({
      status: 400,
      body: { message: 'There is no new email address waiting for a code' },
    });
  });

  it('resends the code of a pending email, drops it on a new address or a cancel, and re-checks the address', async () => {
    const me = await account('kate@example.com');
    const change = (email: string) => me.patch('/api/user/profile', { firstName: 'K', lastName: 'K', email });
    expect(await me.post('/api/user/email/resend')).toMatchObject({
      status: 400,
      body: { message: 'There is no new email address waiting for a code' },
    });

    await change('kate@example.org');
    const first = await inbox.code('kate@example.org');
    expect(await me.post('/api/user/email/resend')).toMatchObject({
      status: 200,
      body: { success: true, message: 'Please check your email for a new verification code.' },
    });
    const second = await inbox.code('kate@example.org');
    // Another address given: the codes mailed to the first no longer confirm anything.
    await change('kate@example.net');
    const third = await inbox.code('kate@example.net');
    for (const old of [first, second].filter((c) => c !== third)) {
      expect((await me.post('/api/user/email/confirm', { verificationCode: old })).status).toBe(400);
    }

    // Cancelled: the old address stays, the code is dead.
    expect(await me.delete('/api/user/email/pending')).toMatchObject({
      status: 200,
      body: { email: 'kate@example.com' },
    });
    expect((await me.get('/api/user')).body.pendingEmail).toBeUndefined();

    // Taken by someone else between the change and its code: refused, nothing swapped.
    await change('kate@example.io');
    const fourth = await inbox.code('kate@example.io');
    await account('kate@example.io');
    expect(await me.post('/api/user/email/confirm', { verificationCode: fourth })).toMatchObject({
      status: 409,
      body: { message: 'Email already registered' },
    });
    expect((await me.get('/api/user')).body).toMatchObject({
      email: 'kate@example.com',
      pendingEmail: 'kate@example.io',
    });
    // Saving the address in force again drops the pending one.
    expect((await change('KATE@example.com')).body.pendingEmail).toBeUndefined();
  });
});

describe('password reset', () => {
  it('mails a code to a known address only, resets once, and ends every session', async () => {
    const me = await account('hank@example.com');
    const answer = {
      status: 200,
      body: {
        success: true,
        message: 'If an account with this email exists, you will receive a password reset code shortly',
      },
    };
    expect(await server.agent().post('/api/forgot-password', { email: 'nobody@example.com' })).toMatchObject(
      answer,
    );
    expect(await server.agent().post('/api/forgot-password', { email: 'hank@example.com' })).toMatchObject(
      answer,
    );
    const code = await inbox.code('hank@example.com');
    expect(inbox.count('nobody@example.com')).toBe(0);

    const body = {
      email: 'hank@example.com',
      verificationCode: code,
      newPassword: 'newsecret',
      confirmPassword: 'newsecret',
    };
    expect(await server.agent().post('/api/reset-password', body)).toMatchObject({
      status: 200,
      body: { success: true, message: 'Your password has been reset. You can now log in.' },
    });
    expect((await me.get('/api/user')).status).toBe(401);
    await refusedUnchanged(
      '/api/reset-password',
      { ...body, newPassword: 'other-secret', confirmPassword: 'other-secret' },
      'Invalid verification code',
    );
    expect(
      (await server.agent().post('/api/login', { username: 'hank@example.com', password: 'newsecret' }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired code (after 15 minutes) and changes nothing', async () => {
    await account('ivy@example.com');
    await server.agent().post('/api/forgot-password', { email: 'ivy@example.com' });
    const code = await inbox.code('ivy@example.com');
    server.advance(16 * 60_000);
    await refusedUnchanged(
      '/api/reset-password',
      {
        email: 'ivy@example.com',
        verificationCode: code,
        newPassword: 'newsecret',
        confirmPassword: 'newsecret',
      },
      'Verification code has expired. Request a new code.',
    );
  });

  it('kills a code after 5 wrong tries: the 6th is refused even with the right code', async () => {
    const me = await account('jack@example.com');
    await server.agent().post('/api/forgot-password', { email: 'jack@example.com' });
    const code = await inbox.code('jack@example.com');
    const attempt = (verificationCode: string) => ({
      email: 'jack@example.com',
      verificationCode,
      newPassword: 'stolen1',
      confirmPassword: 'stolen1',
    });
    const wrong = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== code);
    for (const guess of wrong.slice(0, 5)) {
      expect(await server.agent().post('/api/reset-password', attempt(guess))).toMatchObject({
        status: 400,
        body: { message: 'Invalid verification code' },
      });
    }
    await refusedUnchanged(
      '/api/reset-password',
      attempt(code),
      'Too many wrong attempts. Request a new code.',
    );
    const row = await userByEmail('jack@example.com');
    expect(row.passwordHash).toBe(secretHash);
    expect((await me.get('/api/user')).status).toBe(200);
  });
});
