import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verificationCodes } from '../src/db/schema.ts';
import { agentAt, logMailer } from './accounts.ts';
import { startServer, type TestServer } from './helpers.ts';

// Whether an account exists must not show in the work done before the answer, nor in its time.
const mailer = logMailer();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ mailer, env: { RATE_LIMIT_SCALE: '100' } });
}, 60_000);
afterAll(() => server.close());

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
let address = 0;
const agent = () => agentAt(server, `10.8.${address >> 8}.${address++ & 255}`);

describe('account enumeration', () => {
  it.each([
    ['/api/forgot-password', { emailVerified: true }],
    ['/api/resend-verification', { emailVerified: false }],
  ])('%s answers before any code work, whether or not the account exists', async (url, fields) => {
    const user = await server.signedIn({ email: `${url.slice(5)}@example.com`, ...fields });
    const later: (() => Promise<void>)[] = [];
    const run = vi
      .spyOn(server.app.services.background, 'run')
      .mockImplementation((_what, task) => later.push(task));
    const known = await agent().post(url, { email: user.user.email });
    const unknown = await agent().post(url, { email: 'nobody@example.com' });
    run.mockRestore();
    expect(known).toEqual({ ...unknown, headers: known.headers });
    const codes = () =>
      server.app.services.database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.userId, user.user.id));
    expect(await codes()).toEqual([]);
    expect(later).toHaveLength(1);
    await later[0]();
    expect(await codes()).toHaveLength(1);
    expect(mailer.sent.at(-1)?.to).toBe(user.user.email);
  });

  it('registration hashes the password whether or not the name or address is taken, and takes as long', async () => {
    await agent().post('/api/register', {
      username: 'taken',
      email: 'taken@example.com',
      password: 'secret1',
    });
    const hash = vi.spyOn(server.app.services.passwords, 'hash');
    const timed = async (body: Record<string, string>) => {
      const start = performance.now();
      const res = await agent().post('/api/register', { password: 'secret1', ...body });
      return { status: res.status, ms: performance.now() - start };
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      const name = await timed({ username: 'TAKEN', email: `other${i}@example.com` });
      const email = await timed({ username: `other${i}`, email: 'Taken@example.com' });
      const created = await timed({ username: `fresh${i}`, email: `fresh${i}@example.com` });
      expect([name.status, email.status, created.status]).toEqual([409, 409, 201]);
      taken.push(name.ms, email.ms);
      fresh.push(created.ms);
    }
    expect(hash).toHaveBeenCalledTimes(15);
    hash.mockRestore();
    // Loose, for a busy machine: before, a taken name answered in 3% of a new account's time.
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.6);
  }, 60_000);
});
