import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { verificationCodes } from '../src/db/schema.ts';
import { connectRedis } from '../src/redis.ts';
import { appSecret } from '../src/secret.ts';
import { agentAt, codeIn, logMailer } from './accounts.ts';
import { startServer } from './helpers.ts';

const SECRET = 'x'.repeat(32);

describe('APP_SECRET', () => {
  it('is at least 32 characters, and required in production with DATABASE_URL', () => {
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/sbc' };
    expect(() => loadConfig(production)).toThrow(/APP_SECRET: required in production with DATABASE_URL/);
    expect(loadConfig({ ...production, APP_SECRET: SECRET }).APP_SECRET).toBe(SECRET);
    expect(loadConfig({ NODE_ENV: 'production' }).APP_SECRET).toBeUndefined();
  });

  it('without configuration, is made at first start and kept in DATA_DIR/secret (mode 0600)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sbc-secret-'));
    try {
      const made = appSecret(loadConfig({ DATA_DIR: join(dataDir, 'new') }));
      const file = join(dataDir, 'new', 'secret');
      expect(made.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, 'utf8')).toBe(made);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(appSecret(loadConfig({ DATA_DIR: join(dataDir, 'new') }))).toBe(made);
      expect(appSecret(loadConfig({ DATA_DIR: dataDir, APP_SECRET: SECRET }))).toBe(SECRET);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keys the HMAC under which codes are stored', async () => {
    const mailer = logMailer();
    const server = await startServer({ mailer, env: { APP_SECRET: SECRET } });
    try {
      const { user } = await server.signedIn({ email: 'hmac@example.com' });
      await server.agent().post('/api/forgot-password', { email: 'hmac@example.com' });
      await server.app.services.background.settle();
      const code = codeIn(mailer.sent.at(-1)?.text ?? '');
      const { db } = server.app.services.database;
      const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
      const mac = createHmac('sha256', SECRET).update(`${user.id}:reset-password:${code}`);
      expect(row.codeHash).toBe(mac.digest('base64url'));
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('rate limits in Redis', () => {
  it('are shared by two instances: the sixth failed login across both is refused', async () => {
    const url = process.env.REDIS_URL as string;
    const [one, two] = await Promise.all(
      [0, 1].map(async () => startServer({ redis: await connectRedis(url) })),
    );
    try {
      // Fresh names and addresses: Redis keeps the counters of earlier runs for their window.
      const run = randomBytes(2);
      const login = (server: typeof one, password: string) =>
        agentAt(server, `10.${run[0]}.${run[1]}.1`).post('/api/login', {
          username: `shared_${run.toString('hex')}`,
          password,
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(i % 2 ? two : one, `guess-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect((await login(two, 'guess-5')).body.message).toMatch(/^Too many attempts for this account/);
      // The per-address limit too: 10 a minute from one address across both (6 sent so far).
      for (let i = 0; i < 4; i++) expect((await login(one, 'short')).status).toBe(400);
      const eleventh = await login(two, 'short');
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  }, 60_000);
});
