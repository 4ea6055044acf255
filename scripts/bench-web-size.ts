/**
 * Gzipped JavaScript of the game page.
 *
 *   npm run build -w @sbc/web
 *   PORT=3200 DATA_DIR=/tmp/sbc-perf-data npx tsx apps/server/src/main.ts   # in another shell
 *   npx tsx scripts/bench-web-size.ts
 *
 * Builds nothing. Reads apps/web/dist. The Vite build writes no .vite/manifest.json, so the script
 * loads the game page in Chromium (playwright-core, /usr/bin/chromium) as a signed-in player with a
 * fresh local game, collects every .js response the page loads, and sums the files' gzipped sizes
 * (zlib.gzipSync, level 9, from the bytes in apps/web/dist). The engine is counted separately:
 * only a computer game loads it (when the browser is idle after the page has loaded).
 *
 * Environment: SBC_URL (default http://localhost:3200), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../apps/web/e2e/chromium.ts';

const BASE = process.env.SBC_URL ?? 'http://localhost:3200';
const DIST = resolve(import.meta.dirname, '../apps/web/dist');

interface Row {
  file: string;
  raw: number;
  gz: number;
}

function measure(urlPath: string): Row {
  const file = join(DIST, urlPath.replace(/^\//, ''));
  if (!existsSync(file)) throw new Error(`${urlPath} is not in apps/web/dist (stale build?)`);
  const buf = readFileSync(file);
  return { file: urlPath, raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
}

const kb = (n: number) => (n / 1024).toFixed(1);

function table(title: string, rows: Row[]): number {
  console.log(`\n${title}`);
  console.log(`| file | raw (KB) | gzipped (KB) |`);
  console.log(`| --- | --: | --: |`);
  for (const r of rows) console.log(`| ${r.file} | ${kb(r.raw)} | ${kb(r.gz)} |`);
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  const gz = rows.reduce((s, r) => s + r.gz, 0);
  console.log(`| **total (${rows.length} files)** | **${kb(raw)}** | **${kb(gz)}** |`);
  return gz;
}

async function main() {
  if (existsSync(join(DIST, '.vite/manifest.json'))) {
    console.log('note: apps/web/dist/.vite/manifest.json exists; measuring with Chromium anyway');
  }
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const headers = { Origin: BASE };
    const name = `size${Date.now().toString(36)}`;
    const reg = await page.request.post(`${BASE}/api/register`, {
      headers,
      data: { username: name, password: 'secret123', email: `${name}@example.com` },
    });
    if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
    const game = await page.request.post(`${BASE}/api/games`, { headers, data: { isComputerGame: false } });
    if (!game.ok()) throw new Error(`create game: ${game.status()} ${await game.text()}`);
    const { id } = (await game.json()) as { id: string };

    const scripts = new Set<string>();
    page.on('response', (res) => {
      const u = new URL(res.url());
      if (u.origin === new URL(BASE).origin && u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    await page.goto(`${BASE}/game/${id}`, { waitUntil: 'networkidle' });
    await page.locator('[aria-label^="e2"]').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);

    const pageRows = [...scripts].sort().map(measure);
    const total = table(`Game page /game/<id>: JavaScript loaded (${BASE})`, pageRows);

    // The engine: a computer game where the computer plays white, so it thinks at once. Every .js
    // file loaded now that the game page did not load (the engine client chunk and the worker
    // script) is the engine's cost.
    const before = new Set(scripts);
    const thinking = new Set<string>();
    const workers: string[] = [];
    const note = (url: string) => {
      const u = new URL(url);
      if (u.origin === new URL(BASE).origin && u.pathname.endsWith('.js') && !before.has(u.pathname))
        thinking.add(u.pathname);
    };
    page.on('response', (res) => note(res.url()));
    page.on('worker', (w) => {
      workers.push(new URL(w.url()).pathname);
      note(w.url());
    });
    const cg = await page.request.post(`${BASE}/api/games`, {
      headers,
      data: { isComputerGame: true, humanPlayer: 'black', aiDifficulty: 'easy' },
    });
    if (!cg.ok()) throw new Error(`create computer game: ${cg.status()} ${await cg.text()}`);
    await page.goto(`${BASE}/game/${((await cg.json()) as { id: string }).id}`, { waitUntil: 'networkidle' });
    await page
      .waitForFunction(() => document.body.innerText.includes('Computer is thinking'), null, {
        timeout: 15_000,
      })
      .catch(() => {});
    await page.waitForTimeout(3000);
    const engineRows = [...thinking].sort().map(measure);
    for (const r of engineRows) if (workers.includes(r.file)) r.file += ' (worker)';
    if (engineRows.length)
      table('Engine, loaded for a computer game (not part of the game page total)', engineRows);
    else console.log('\n(no engine chunks seen: did the computer think?)');

    const assets = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    const others = assets
      .map((f) => `/assets/${f}`)
      .filter((p) => !before.has(p) && !thinking.has(p))
      .map(measure);
    if (others.length)
      table('Other chunks in apps/web/dist, not loaded by the game page (other routes)', others);

    console.log(
      `\nGame page total gzipped JavaScript: ${kb(total)} KB (${total} bytes); target <= 200 KB: ${total <= 200 * 1024 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
