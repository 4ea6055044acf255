import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';
import { accountRows } from './accounts.ts';
import { type Agent, ORIGIN, startServer, type TestServer } from './helpers.ts';

// The whole OpenID Connect flow against a real local provider standing in for Google.
let issuer: Server;
let server: TestServer;

/** The provider's accounts: whatever login is typed; `unverified…` ones have an unproved email. */
const findAccount = (_ctx: unknown, sub: string) => ({
  accountId: sub,
  claims: () => ({
    sub,
    email: `${sub.replace(/^unverified-/, '')}@example.com`,
    email_verified: !sub.startsWith('unverified-'),
    given_name: sub,
    family_name: 'Tester',
    picture: `https://example.com/${sub}.png`,
  }),
});

beforeAll(async () => {
  issuer = createServer();
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: 'sbc',
        client_secret: 'sbc-secret',
        redirect_uris: [`${ORIGIN}/api/google/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
  });
  issuer.on('request', provider.callback());
  server = await startServer({
    env: { GOOGLE_CLIENT_ID: 'sbc', GOOGLE_CLIENT_SECRET: 'sbc-secret', GOOGLE_ISSUER: url },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  issuer.closeAllConnections();
  await new Promise((resolve) => issuer.close(resolve));
});

/**
 * Signs in at the provider as `login` the way a browser would: follows its redirects, submits its
 * login and consent forms, and stops at our callback, whose path (with code and state) it returns.
 */
async function atProvider(authUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(ORIGIN)) return url.slice(ORIGIN.length);
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(await res.text())?.[1];
    if (res.status !== 200 || !prompt) throw new Error(`unexpected ${res.status} at ${url}`);
    form = new URLSearchParams({ prompt, login, password: 'any' });
  }
  throw new Error('too many steps at the provider');
}

/** The whole flow for a browser (agent) and a provider login; answers the callback's response. */
async function googleSignIn(agent: Agent, login: string) {
  const start = await agent.get('/api/google/login');
  expect(start.status).toBe(200);
  const authUrl = new URL(start.body.authUrl);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/google/callback`);
  const callback = await atProvider(start.body.authUrl, login);
  return agent.get(callback);
}

const db = () => server.app.services.database.db;
const byEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

describe('Google sign-in', () => {
  it('creates a verified user with a username from the email, signs in, and redirects to /', async () => {
    const agent = server.agent();
    const res = await googleSignIn(agent, 'kate');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(agent.cookies.has('sbc_google')).toBe(false);
    const me = await agent.get('/api/user');
    expect(me.body).toMatchObject({
      username: 'kate',
      email: 'kate@example.com',
      firstName: 'kate',
      lastName: 'Tester',
      profileImageUrl: 'https://example.com/kate.png',
    });
    const row = await byEmail('kate@example.com');
    expect(row).toMatchObject({ googleSubject: 'kate', emailVerified: true, passwordHash: null });

    // The same Google account again: the same user, on a new session.
    const again = server.agent();
    expect((await googleSignIn(again, 'kate')).headers.location).toBe('/');
    expect((await again.get('/api/user')).body.id).toBe(me.body.id);
  });

  it('links to the account with the same verified email, keeping its password', async () => {
    const hashed = '$2b$12$DN04HCzxra07cS7yfxbMYeP52AwBKzIHk8bOvuKzkyMeAPA1OdsYi';
    const local = await server.signedIn({
      username: 'leo-local',
      email: 'Leo@example.com',
      passwordHash: hashed,
    });
    const agent = server.agent();
    expect((await googleSignIn(agent, 'leo')).headers.location).toBe('/');
    expect((await agent.get('/api/user')).body.id).toBe(local.user.id);
    expect(await byEmail('Leo@example.com')).toMatchObject({ googleSubject: 'leo', passwordHash: hashed });
    expect((await local.get('/api/user')).status).toBe(200);
  });

  it('takes an unverified account over from whoever registered the address', async () => {
    const squatter = await server.signedIn({
      email: 'mia@example.com',
      emailVerified: false,
      passwordHash: 'x',
    });
    const agent = server.agent();
    expect((await googleSignIn(agent, 'mia')).headers.location).toBe('/');
    expect((await agent.get('/api/user')).body.id).toBe(squatter.user.id);
    expect(await byEmail('mia@example.com')).toMatchObject({ emailVerified: true, passwordHash: null });
    expect((await squatter.get('/api/user')).status).toBe(401);
  });

  it('does not link by an unverified Google email, and finds a free username', async () => {
    const owner = await server.signedIn({ username: 'ned', email: 'ned@example.com' });
    const agent = server.agent();
    expect((await googleSignIn(agent, 'unverified-ned')).headers.location).toBe('/');
    const me = (await agent.get('/api/user')).body;
    expect(me.id).not.toBe(owner.user.id);
    expect(me.email).toBeNull();
    expect(me.username).toMatch(/^unverified-nedTester$/);

    await server.signedIn({ username: 'olga', email: 'olga@example.org' });
    const olga = server.agent();
    await googleSignIn(olga, 'olga');
    expect((await olga.get('/api/user')).body.username).toMatch(/^olga\d{4,5}$/);
  });

  it('sends a blocked user back to /auth with the reason, without a session', async () => {
    await server.signedIn({ email: 'pat@example.com', googleSubject: 'pat', isBlocked: true });
    const agent = server.agent();
    const before = (await db().select().from(sessions)).length;
    const res = await googleSignIn(agent, 'pat');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(
      `/auth?error=${encodeURIComponent('Your account has been blocked. Please contact support.')}`,
    );
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await db().select().from(sessions)).length).toBe(before);
  });

  it('refuses a callback without its flow cookie or with a forged state, changing nothing', async () => {
    const start = await server.agent().get('/api/google/login');
    const callback = await atProvider(start.body.authUrl, 'quinn');
    const before = await accountRows(server);
    const stranger = await server.agent().get(callback); // another browser: no flow cookie
    expect(stranger.status).toBe(302);
    expect(stranger.headers.location).toBe(
      `/auth?error=${encodeURIComponent('Google sign-in expired. Please try again.')}`,
    );

    const agent = server.agent();
    await agent.get('/api/google/login'); // its own flow, with another state
    const forged = await agent.get(callback);
    expect(forged.headers.location).toBe(
      `/auth?error=${encodeURIComponent('Google sign-in failed. Please try again.')}`,
    );
    expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await accountRows(server)).toEqual(before);
  });
});
