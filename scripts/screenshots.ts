/**
 * The README's screenshots: the landing page, the signed-in home and a local game with two shared
 * boxes, at 1366 px and at 375 px wide, into docs/screenshots.
 *
 *   npm run build -w @sbc/web
 *   PORT=3200 DATA_DIR=/tmp/sbc-perf-data npx tsx apps/server/src/main.ts   # in another shell
 *   npx tsx scripts/screenshots.ts
 *
 * Registers Ada Lovelace (a fresh username), resigns a computer game (the statistics show it) and
 * plays 1. d3 e5 2. Qd3+SB Nc6 3. Nf3 Bc5 4. Nc3 Bd4 5. Nxd4+SB d6 in a local game.
 *
 * Environment: SBC_URL (default http://localhost:3200), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../apps/web/e2e/chromium.ts';

const BASE = process.env.SBC_URL ?? 'http://localhost:3200';
const OUT = resolve(import.meta.dirname, '../docs/screenshots');
const SIZES = { desktop: { width: 1366, height: 900 }, mobile: { width: 375, height: 812 } };
const MOVES = ['d2d3', 'e7e5', 'd1d3', 'b8c6', 'g1f3', 'f8c5', 'b1c3', 'c5d4', 'f3d4', 'd7d6'];

async function post(context: BrowserContext, path: string, data?: unknown) {
  const res = await context.request.post(`${BASE}${path}`, { headers: { Origin: BASE }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

async function main() {
  const browser = await launchChromium();
  try {
    const setup = await browser.newContext();
    const name = `ada${Date.now().toString(36)}`;
    await post(setup, '/api/register', {
      username: name,
      password: 'secret123',
      email: `${name}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const lost = await post(setup, '/api/games', {
      isComputerGame: true,
      humanPlayer: 'white',
      aiDifficulty: 'easy',
    });
    await post(setup, `/api/games/${lost.id}/resign`);
    const game = await post(setup, '/api/games', { isComputerGame: false });
    for (const m of MOVES)
      await post(setup, `/api/games/${game.id}/moves`, { from: m.slice(0, 2), to: m.slice(2) });
    const signedIn = await setup.storageState();
    await setup.close();

    for (const [size, viewport] of Object.entries(SIZES)) {
      const shots: [string, string, boolean][] = [
        ['landing', '/', false],
        ['home', '/', true],
        ['game', `/game/${game.id}`, true],
      ];
      for (const [page, path, user] of shots) {
        const context = await browser.newContext({ viewport, storageState: user ? signedIn : undefined });
        const tab = await context.newPage();
        await tab.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(500);
        await tab.screenshot({ path: `${OUT}/${page}-${size}.png` });
        console.log(`${OUT}/${page}-${size}.png`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
