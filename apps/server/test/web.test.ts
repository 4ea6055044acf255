import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, PAGE_CACHE } from '../src/features/web/routes.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';

/** A built web app as apps/web/build/pages.ts writes it, with a script and its compressed twins. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'sbc-web-'));
  const page = (name: string) =>
    `<!doctype html><html><head><!--page-data--><title>${name}</title></head><body><div id="root">${name} ${'x'.repeat(2000)}</div></body></html>`;
  for (const name of ['index', 'landing', 'home', 'game'])
    writeFileSync(join(root, `${name}.html`), page(name));
  mkdirSync(join(root, 'assets'));
  const script = Buffer.from(`export const app = "${'chess '.repeat(500)}";`);
  writeFileSync(join(root, 'assets/index-AbC123.js'), script);
  writeFileSync(join(root, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets/index-AbC123.js.gz'), gzipSync(script));
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

const GAME_ID = '123e4567-e89b-42d3-a456-426614174000';

describe('web app', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = fakeBuild();
    server = await startServer({ webRoot: root });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, agent?: Agent) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: {
        ...headers,
        ...(agent ? { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
    });

  it('sends built scripts precompressed, Brotli first, and lets browsers keep them for a year', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toContain('accept-encoding');
    const original = `export const app = "${'chess '.repeat(500)}";`;
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(original);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(original);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(original);
  });

  it('never caches the pages for long, nor the files outside /assets', async () => {
    const page = await get('/');
    expect(page.headers['cache-control']).toBe(PAGE_CACHE);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
    expect((await get('/index.html')).body).toContain('<title>index</title>');
  });

  it('compresses the pages and the API answers', async () => {
    const page = await get('/about', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>index</title>');
    const agent = await server.signedIn();
    for (let i = 0; i < 4; i++) await agent.post('/api/games', { isComputerGame: false });
    const list = await get('/api/games', { 'accept-encoding': 'gzip' }, agent);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).items).toHaveLength(4);
  });

  it('gives a visitor the landing page at / and the shell elsewhere, with no user', async () => {
    const landing = await get('/');
    expect(landing.body).toContain('<title>landing</title>');
    expect(landing.body).toContain('<script type="application/json" id="session">null</script>');
    expect((await get(`/game/${GAME_ID}`)).body).toContain('<title>index</title>');
    expect((await get('/auth?tab=register')).body).toContain('<title>index</title>');
  });

  it('gives a signed-in user the home and game pages with the user, and a game page its game', async () => {
    const agent = await server.signedIn({ firstName: '</script><b>' });
    const home = await get('/', {}, agent);
    expect(home.body).toContain('<title>home</title>');
    const session = /<script type="application\/json" id="session">(.*?)<\/script>/.exec(home.body)?.[1];
    expect(session).not.toContain('</script><b>');
    expect(JSON.parse(session ?? 'null')).toMatchObject({
      username: agent.user.username,
      firstName: '</script><b>',
    });

    const game = await get(`/game/${GAME_ID}`, {}, agent);
    expect(game.body).toContain('<title>game</title>');
    expect(game.body).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/games/${GAME_ID}">`,
    );
    expect((await get('/settings', {}, agent)).body).toContain('<title>index</title>');
  });

  it('answers a path that is no page with the same shell and 404, the not-found page', async () => {
    for (const path of ['/About', '/room/ABC123/', '/feedback', '/admin', '/game/not-a-uuid']) {
      expect((await get(path)).statusCode, path).toBe(200);
    }
    for (const path of ['/nope', '/about/more', '/game', '/game/1/2', '/home', '/index']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<title>index</title>');
      expect(page.body).toContain('<script type="application/json" id="session">null</script>');
    }
  });

  it('answers an unknown API path or another method with a JSON 404', async () => {
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const post = await server.agent().post('/somewhere');
    expect(post).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });
});
