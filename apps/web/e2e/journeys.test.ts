/**
 * End to end: the built web app in Debian's Chromium against the real server on a fresh database.
 * The journeys run in order as one player: register and sign in, then a computer game, a local
 * fool's mate, a defender choice from an SBFEN, a promotion, and finally the history and statistics
 * of the games played before.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import {
  acknowledgeNotice,
  definition,
  moveList,
  panel,
  play,
  seedEngine,
  square,
  startGame,
  startWebServer,
  WAIT_MS,
  type WebServer,
} from './support.ts';

if (!HAS_CHROMIUM) console.warn(`[e2e] ${MISSING_CHROMIUM}`);

const VIEWPORT = { width: 1280, height: 1000 };

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Shared Box Chess in Chromium' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Uncaught exceptions in the page: each one fails the journey it happened in. */
  let pageErrors: string[] = [];
  /** The browser console's errors, shown when a journey fails. */
  let consoleErrors: string[] = [];

  const user = {
    firstName: 'Ada',
    username: `ada_${Date.now().toString(36)}`,
    email: `ada_${Date.now().toString(36)}@example.com`,
    password: 'correct horse battery',
  };

  async function newPage(): Promise<Page> {
    context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT });
    await seedEngine(context);
    const p = await context.newPage();
    p.setDefaultTimeout(WAIT_MS);
    p.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
    p.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    return p;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
    page = await newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(({ task, onTestFailed }) => {
    pageErrors = [];
    consoleErrors = [];
    onTestFailed(async () => {
      const file = join(tmpdir(), `sbc-e2e-${task.name.replace(/\W+/g, '-').slice(0, 60)}.png`);
      await page?.screenshot({ path: file, fullPage: true }).catch(() => {});
      const log = consoleErrors.length ? `\nconsole errors:\n  ${consoleErrors.join('\n  ')}` : '';
      console.error(`[e2e] "${task.name}" failed at ${page?.url()}; screenshot: ${file}${log}`);
    });
    return () => {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    };
  });

  it('registers through /auth, then signs in with the new account', async () => {
    await page.goto('/auth');
    await acknowledgeNotice(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: `Welcome, ${user.firstName}!` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A new browser session (no cookie): sign in through the Login tab.
    await context.close();
    page = await newPage();
    await page.goto('/auth');
    await acknowledgeNotice(page);
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome, ${user.firstName}!` }).waitFor();
    await page.getByText('Login successful').first().waitFor();
  });

  it('plays the computer on easy: it answers, a box is created, undo and redo, then resigning', async () => {
    await startGame(page, { computer: 'easy' });
    expect(await page.getByText('Computer (Easy)').count()).toBeGreaterThan(0);

    await play(page, 'c2', 'c3');
    await page.getByRole('status').filter({ hasText: 'Computer is thinking...' }).waitFor();
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(2);
    const [, reply] = await moveList(page);

    // The knight joins the pawn that has moved: a shared box, '+SB' in the history. (With the d2
    // pawn at home Black cannot check or reach c3 in two moves, so the game stays 'active'.)
    await play(page, 'b1', 'c3');
    await square(page, 'c3', 'white knight and white pawn').waitFor();
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(4);
    const four = await moveList(page);
    expect(four.slice(0, 3)).toEqual(['c3', reply, 'Nc3+SB']);
    await panel(page, 'Move History').getByRole('cell', { name: 'Nc3+SB', exact: true }).waitFor();
    // The Shared Boxes panel lists the new box and counts it among the same-colour boxes (the
    // computer's reply may have made a box of its own).
    const shared = panel(page, 'Shared Boxes');
    const sameColour = shared.getByRole('listitem').filter({ hasText: '(same-colour)' });
    await sameColour.filter({ hasText: 'c3: white knight + white pawn' }).waitFor();
    expect(await definition(shared, 'Same-Color Boxes')).toBe(String(await sameColour.count()));

    // Undo takes back the computer's answer and the box; redo plays both again.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toEqual(['c3', reply]);
    await square(page, 'c3', 'white pawn$').waitFor();
    await page.getByText('Undone human move and AI response').first().waitFor();
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toEqual(four);
    await square(page, 'c3', 'white knight and white pawn').waitFor();

    // Resign: the confirmation, then the game ends with the banner and the Game Over dialog.
    await page.getByRole('button', { name: 'Resign', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Resign the game?' });
    await confirm.getByRole('button', { name: 'Resign', exact: true }).click();
    const over = page.getByRole('dialog', { name: 'Game Over' });
    await over.waitFor();
    expect(await over.textContent()).toContain('White has resigned.');
    // (While a dialog is open the page behind it is hidden from the accessibility tree.)
    await over.getByRole('button', { name: 'Continue Viewing' }).click();
    await over.waitFor({ state: 'hidden' });
    await page.getByRole('alert').filter({ hasText: 'White has resigned.' }).waitFor();
    await expect
      .poll(() => page.getByTestId('game-status').textContent(), { timeout: WAIT_MS })
      .toBe('Resigned');
    expect(await page.getByRole('button', { name: 'Resign', exact: true }).isDisabled()).toBe(true);
  });

  it("ends a local game in fool's mate: 'Checkmate! Black wins!' and the Game Over dialog", async () => {
    await startGame(page, { via: 'New Game' });
    await play(page, 'f2', 'f3');
    await play(page, 'e7', 'e5');
    await play(page, 'g2', 'g4');
    await play(page, 'd8', 'h4');
    const over = page.getByRole('dialog', { name: 'Game Over' });
    await over.waitFor();
    expect(await over.textContent()).toContain('Checkmate! Black wins!');
    await over.getByRole('button', { name: 'Continue Viewing' }).click();
    await over.waitFor({ state: 'hidden' });
    await page.getByRole('alert').filter({ hasText: 'Checkmate! Black wins!' }).waitFor();
    expect(await moveList(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    await square(page, 'e1', 'white king.*in check').waitFor();
    await expect
      .poll(() => page.getByTestId('game-status').textContent(), { timeout: WAIT_MS })
      .toBe('Checkmate');
  });

  it("resolves an attack on a double box from an SBFEN through 'Your shared box is under attack!'", async () => {
    // White's double box (knight and bishop) on d4; Black, to move, attacks it with the rook.
    await startGame(page, { sbfen: '3rk3/8/8/8/3(NB)4/8/8/4K3 b - - 0 1' });
    await square(page, 'd4', 'white knight and white bishop').waitFor();
    expect(await definition(panel(page, 'Shared Boxes'), 'Same-Color Boxes')).toBe('1');

    await play(page, 'd8', 'd4');
    const defend = page.getByRole('dialog', { name: 'Your shared box is under attack!' });
    await defend.waitFor();
    expect(await defend.textContent()).toContain('Choose which piece on d4 to sacrifice.');
    expect(await defend.getByRole('button').allTextContents()).toEqual(['Knight', 'Bishop']);
    await defend.getByRole('button', { name: 'Knight' }).click();
    await defend.waitFor({ state: 'hidden' });

    // The bishop survives beside the attacking rook: a mixed box, and the knight is Black's capture.
    await square(page, 'd4', 'white bishop and black rook').waitFor();
    await page.getByText('Knight sacrificed, mixed shared box created').first().waitFor();
    await expect
      .poll(() => definition(panel(page, 'Shared Boxes'), 'Mixed-Color Boxes'), { timeout: WAIT_MS })
      .toBe('1');
    expect(await page.getByRole('list', { name: 'Black Captured' }).textContent()).toContain('white knight');
    expect(await definition(panel(page, 'Game Status'), 'Turn')).toBe('White');
    expect(await moveList(page)).toHaveLength(1);
  });

  it("promotes a pawn through the 'Choose Promotion Piece' dialog", async () => {
    await startGame(page, { sbfen: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' });
    await play(page, 'a7', 'a8');
    const choose = page.getByRole('dialog', { name: 'Choose Promotion Piece' });
    await choose.waitFor();
    const pieces = choose.getByRole('button', { name: /^(Queen|Rook|Bishop|Knight)$/ });
    expect(await pieces.allTextContents()).toEqual(['Queen', 'Rook', 'Bishop', 'Knight']);
    await choose.getByRole('button', { name: 'Queen' }).click();
    await choose.waitFor({ state: 'hidden' });
    await square(page, 'a8', 'white queen').waitFor();
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toEqual(['a8=Q+']);
    await page.getByRole('status').filter({ hasText: 'Black is in check!' }).waitFor();
  });

  it('lists the games with their status badges in Game History and counts them in the statistics', async () => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Game History' }).click();
    const history = page.getByRole('tabpanel', { name: 'Game History' });
    const cards = history.getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: WAIT_MS }).toBe(4);

    const computer = cards.filter({ hasText: 'vs Computer (Easy), you play white' });
    expect(await computer.count()).toBe(1);
    expect(await computer.textContent()).toMatch(/^Resigned/);
    const local = cards.filter({ hasText: 'Local game, two players' });
    expect(await local.count()).toBe(3);
    // The defender game goes on ('Active'); the promotion gave check ('Check').
    const badges = (await local.allTextContents()).map((t) => t.match(/^(Active|Checkmate|Check)/)?.[1]);
    expect(badges.sort()).toEqual(['Active', 'Check', 'Checkmate']);

    // The filters.
    await history.getByRole('button', { name: 'AI', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await history.getByRole('button', { name: 'Local', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(3);
    await history.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(4);

    // The fool's mate's details: its moves, and the replay board stepping back.
    await cards.filter({ hasText: 'Checkmate' }).getByRole('button').click();
    const details = page.getByRole('dialog', { name: 'Game Details' });
    await details.getByRole('button', { name: /Qh4#/ }).waitFor();
    await details.getByText('4 / 4').waitFor();
    await details.getByRole('button', { name: 'Previous move' }).click();
    await details.getByText('3 / 4').waitFor();
    await details
      .getByRole('grid', { name: 'Replay board' })
      .getByRole('button', { name: /^h4, empty/ })
      .waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    // The statistics panel on the Welcome tab.
    await page.getByRole('tab', { name: 'Welcome' }).click();
    const vsComputer = panel(page, 'Player vs Computer');
    await vsComputer.waitFor();
    expect(await definition(vsComputer, 'Games')).toBe('1');
    expect(await definition(vsComputer, 'Won')).toBe('0');
    expect(await definition(vsComputer, 'Lost')).toBe('1');
    expect(await definition(vsComputer, 'Resigned')).toBe('1');
    expect(await definition(vsComputer, 'Win rate')).toBe('0%');
    const twoPlayer = panel(page, 'Multiplayer Games');
    expect(await definition(twoPlayer, 'Games')).toBe('3');
    expect(await definition(twoPlayer, 'Black won')).toBe('1');
    expect(await definition(twoPlayer, 'White won')).toBe('0');
    expect(await definition(twoPlayer, 'Decided')).toBe('33%');
  });
});
