/**
 * The README's screenshots, into docs/screenshots: the landing page (Play online and the featured
 * game), the signed-in home and a local game with two shared boxes, at 1366 px and at 375 px wide;
 * the lobby at both sizes (Current games, a tile searching, the Create a game dialog, the open
 * games); and on a phone (375 x 812) a computer
 * game and an online game in progress, and the Game Over dialog after a box mate.
 *
 *   npm run build -w @sbc/web
 *   PORT=3200 DATA_DIR=/tmp/sbc-perf-data npx tsx apps/server/src/main.ts   # in another shell
 *   npx tsx scripts/screenshots.ts
 *
 * Registers Ada Lovelace (a fresh username), resigns a computer game (the statistics show it) and
 * plays 1. d3 e5 2. Qd3+SB Nc6 3. Nf3 Bc5 4. Nc3 Bd4 5. Nxd4+SB d6 in a local game; plays 1. e4
 * against the easy computer; plays the same opening in a room against Alan Turing; and mates with a
 * copied queen in a local game, 1. Nf3 d6 2. Ne5 Qd7 3. Nxd7#, the last move on the board. The
 * clocks: a 3+2 room game in play (1366 and 375 px), a room lobby's time controls and a ¼+0 game at
 * one screen lost on time (375 px).
 *
 * Environment: SBC_URL (default http://localhost:3200), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../apps/web/e2e/chromium.ts';

const BASE = process.env.SBC_URL ?? 'http://localhost:3200';
const OUT = resolve(import.meta.dirname, '../docs/screenshots');
const SIZES = { desktop: { width: 1366, height: 900 }, mobile: { width: 375, height: 812 } };
const MOVES = ['d2d3', 'e7e5', 'd1d3', 'b8c6', 'g1f3', 'f8c5', 'b1c3', 'c5d4', 'f3d4', 'd7d6'];
const BOX_MATE = ['g1f3', 'd7d6', 'f3e5', 'd8d7'];

async function post(context: BrowserContext, path: string, data?: unknown) {
  const res = await context.request.post(`${BASE}${path}`, { headers: { Origin: BASE }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A new account, signed in in `context` (no SMTP_URL: registration signs in at once). */
async function register(context: BrowserContext, firstName: string, lastName: string) {
  const name = `${firstName.toLowerCase()}${Date.now().toString(36)}`;
  await post(context, '/api/register', {
    username: name,
    password: 'secret123',
    email: `${name}@example.com`,
    firstName,
    lastName,
  });
}

const playAll = async (context: BrowserContext, id: string, moves: readonly string[]) => {
  for (const m of moves)
    await post(context, `/api/games/${id}/moves`, { from: m.slice(0, 2), to: m.slice(2) });
};

/** A room game of Ada's against Alan, the local game's opening played by each in turn. */
async function onlineGame(ada: BrowserContext, alan: BrowserContext): Promise<string> {
  const room = await post(ada, '/api/rooms');
  const { gameId, hostIsWhite } = await post(alan, '/api/rooms/join', { roomCode: room.code });
  const [white, black] = hostIsWhite ? [ada, alan] : [alan, ada];
  for (const [i, m] of MOVES.entries()) await playAll(i % 2 ? black : white, gameId, [m]);
  return gameId;
}

/** The clocks' shots: a 3+2 room game in play, a lobby's time controls, a ¼+0 game lost on time. */
async function clockShots(browser: Browser, ada: StorageState, alan: BrowserContext) {
  const context = await browser.newContext({ storageState: ada });
  const room = await post(context, '/api/rooms');
  await post(context, `/api/rooms/${room.code}/time-control`, {
    timeControl: { kind: 'clock', minutes: 3, increment: 2 },
  });
  const { gameId, hostIsWhite } = await post(alan, '/api/rooms/join', { roomCode: room.code });
  const [white, black] = hostIsWhite ? [context, alan] : [alan, context];
  for (const [i, m] of MOVES.slice(0, 5).entries()) await playAll(i % 2 ? black : white, gameId, [m]);
  const flagged = await post(context, '/api/games', {
    isComputerGame: false,
    timeControl: { kind: 'clock', minutes: 0.25, increment: 0 },
  });
  await playAll(context, flagged.id, ['e2e4', 'e7e5']);
  const lobby = await post(context, '/api/rooms');
  await context.close();
  for (const [size, viewport] of Object.entries(SIZES)) {
    const player = await browser.newContext({ viewport, storageState: ada });
    const tab = await player.newPage();
    await tab.goto(`${BASE}/game/${gameId}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(500);
    await save(tab, `timed-${size}`);
    if (size === 'mobile') {
      await tab.goto(`${BASE}/room/${lobby.code}`, { waitUntil: 'networkidle' });
      await tab.getByRole('button', { name: /^5\+3/ }).click();
      await tab.getByText('Time control: 5+3').waitFor();
      await save(tab, 'time-control-mobile');
      await tab.goto(`${BASE}/game/${flagged.id}`, { waitUntil: 'networkidle' });
      await tab.getByRole('alert').filter({ hasText: 'Time out!' }).waitFor({ timeout: 30_000 });
      await save(tab, 'flag-mobile');
    }
    await player.close();
  }
}

/**
 * The lobby's shots at both sizes: Current games, Ada searching in 3+0, the Create a game dialog,
 * and the open games as Alan sees Ada's custom seek (her seeks cancelled after).
 */
async function lobbyShots(browser: Browser, ada: StorageState, alan: BrowserContext) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    const visitor = await browser.newContext({ viewport });
    const games = await visitor.newPage();
    await games.goto(`${BASE}/games`, { waitUntil: 'networkidle' });
    await games.getByRole('article').first().waitFor();
    await save(games, `games-${size}`);
    await visitor.close();

    const player = await browser.newContext({ viewport, storageState: ada });
    const tab = await player.newPage();
    await tab.goto(`${BASE}/`, { waitUntil: 'networkidle' });
    const tiles = tab.getByRole('list', { name: 'Quick pairing' });
    await tiles.getByRole('button', { name: /^3\+0 / }).click();
    await tab.getByText('Searching for an opponent...').waitFor();
    await tiles.scrollIntoViewIfNeeded();
    await save(tab, `searching-${size}`);
    await tiles.getByRole('button', { name: 'Cancel' }).click();
    await tiles.getByRole('button', { name: /^Create a game/ }).click();
    const dialog = tab.getByRole('dialog', { name: 'Create a game' });
    await dialog.getByRole('button', { name: /^10\+0/ }).click();
    await tab.waitForTimeout(300);
    await save(tab, `create-game-${size}`);
    await dialog.getByRole('button', { name: 'Create a game' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const other = await browser.newPage({ viewport, storageState: await alan.storageState() });
    await other.goto(`${BASE}/`, { waitUntil: 'networkidle' });
    const list = other.getByRole('region', { name: 'Open games' });
    await list.getByRole('row').nth(1).waitFor();
    await list.scrollIntoViewIfNeeded();
    await save(other, `lobby-list-${size}`);
    await other.close();
    await tab.getByRole('region', { name: 'Open games' }).getByRole('button', { name: 'Cancel' }).click();
    await player.close();
  }
}

/** The phone's shots: games in progress, and a box mate played on the board, its dialog open. */
async function phoneShots(browser: Browser, ada: StorageState, alan: BrowserContext, games: PhoneGames) {
  const viewport = SIZES.mobile;
  const context = await browser.newContext({ viewport, storageState: ada });
  const tab = await context.newPage();
  for (const [name, id] of [
    ['computer', games.computer],
    ['online', games.online],
  ] as const) {
    await tab.goto(`${BASE}/game/${id}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(name === 'computer' ? 3000 : 500);
    await save(tab, `${name}-mobile`);
  }
  await tab.goto(`${BASE}/game/${games.mate}`, { waitUntil: 'networkidle' });
  for (const at of ['e5', 'd7']) await tab.locator(`[data-square="${at}"]`).click();
  await tab.getByRole('dialog', { name: 'Game Over' }).waitFor();
  await tab.waitForTimeout(500);
  await save(tab, 'box-mate-mobile');
  await context.close();
  await alan.close();
}

async function save(tab: Page, name: string) {
  await tab.screenshot({ path: `${OUT}/${name}.png` });
  console.log(`${OUT}/${name}.png`);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
interface PhoneGames {
  computer: string;
  online: string;
  mate: string;
}

async function main() {
  const browser = await launchChromium();
  try {
    const setup = await browser.newContext();
    await register(setup, 'Ada', 'Lovelace');
    const lost = await post(setup, '/api/games', {
      isComputerGame: true,
      humanPlayer: 'white',
      aiDifficulty: 'easy',
    });
    await post(setup, `/api/games/${lost.id}/resign`);
    const game = await post(setup, '/api/games', { isComputerGame: false });
    await playAll(setup, game.id, MOVES);
    const computer = await post(setup, '/api/games', {
      isComputerGame: true,
      humanPlayer: 'white',
      aiDifficulty: 'easy',
    });
    await playAll(setup, computer.id, ['e2e4']);
    const mate = await post(setup, '/api/games', { isComputerGame: false });
    await playAll(setup, mate.id, BOX_MATE);
    const alan = await browser.newContext();
    await register(alan, 'Alan', 'Turing');
    const online = await onlineGame(setup, alan);
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
        await save(tab, `${page}-${size}`);
        await context.close();
      }
    }
    await lobbyShots(browser, signedIn, alan);
    await clockShots(browser, signedIn, alan);
    await phoneShots(browser, signedIn, alan, { computer: computer.id, online, mate: mate.id });
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
