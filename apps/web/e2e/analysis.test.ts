/**
 * End to end: computer analysis of a finished game in Chromium against the real server. A game in
 * which White leaves its queen hanging (3.a3, answered by 3...Bxg4) is planted through the API;
 * its analysis, on the game screen and in History → Game Details, marks 3.a3 as a blunder, and a
 * click on the graph shows that move's position on the board.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { plantGame } from './plant.ts';
import { moveList, panel, shoot, square, startWebServer, WAIT_MS, type WebServer } from './support.ts';

/** 2.Qg4 d6 puts the queen in the c8 bishop's way; 3.a3 leaves it there. */
const HANGING_QUEEN = ['e2e4', 'e7e5', 'd1g4', 'd7d6', 'a2a3', 'c8g4'];
/** White's double box on d4, which Black's rook attacks: White then chooses the piece it gives up. */
const DOUBLE_BOX = '3rk3/8/8/8/3(NB)4/8/8/4K3 b - - 0 1';
/** The analysis takes a few seconds for these 7 positions, more on a busy machine. */
const ANALYSIS_MS = 60_000;

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Computer analysis in Chromium' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  let gameId: string;
  let choiceId: string;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 1000 },
    });
    const name = `ana_${Date.now().toString(36)}`;
    const registered = await context.request.post('/api/register', {
      data: { username: name, password: 'correct horse battery', email: `${name}@example.com` },
    });
    expect(registered.status()).toBe(201);
    gameId = await plantGame(context.request, server.url, HANGING_QUEEN);
    choiceId = await plantGame(context.request, server.url, ['d8d4', 'sac=N'], DOUBLE_BOX);
    page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(() => {
    pageErrors = [];
    return () => {
      expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    };
  });

  it('marks the move that leaves the queen hanging as a blunder on the game screen', async () => {
    await page.goto(`/game/${gameId}`);
    const analysis = panel(page, 'Computer analysis');
    await analysis.getByRole('button', { name: 'Request computer analysis' }).click();
    await analysis.getByRole('progressbar', { name: 'Analysis progress' }).waitFor();
    await shoot(page, 'analysis-running');
    await analysis.getByRole('img', { name: 'Evaluation graph' }).waitFor({ timeout: ANALYSIS_MS });
    await shoot(page, 'analysis-done');

    expect((await moveList(page))[4]).toBe('a3??');
    expect(await analysis.getByRole('listitem').filter({ hasText: 'White' }).textContent()).toMatch(
      /[1-9] blunders?$/,
    );
    // The bar and the arrow show the final position; a click on 3.a3 in the graph shows its own.
    await page.getByRole('meter', { name: 'Evaluation' }).waitFor();
    await page.getByRole('img', { name: /^Best move [a-h][1-8] to [a-h][1-8]$/ }).waitFor();
    await analysis.getByRole('button', { name: /^3\. a3: / }).click();
    // The board shows the position after 3.a3 (the fifth of six moves): the white queen still on
    // g4, Black to take it.
    await page.getByText('Move 5 of 6 · the board is read-only').waitFor();
    await square(page, 'g4', 'white queen').waitFor();
    await shoot(page, 'analysis-shown');
    await analysis
      .locator('p')
      .filter({ hasText: /^3\. a3: -/ })
      .waitFor();
  });

  it('analyses a game with a defender choice: the attack and the choice are one move', async () => {
    await page.goto(`/game/${choiceId}`);
    const analysis = panel(page, 'Computer analysis');
    await analysis.getByRole('button', { name: 'Request computer analysis' }).click();
    const graph = analysis.getByRole('img', { name: 'Evaluation graph' });
    await graph.waitFor({ timeout: ANALYSIS_MS });
    // The start and the position after 1...Rxd4 with White's choice; 3 positions were analysed.
    expect(await graph.getByRole('button').count()).toBe(2);
    await graph.getByRole('button', { name: /^1\.\.\. / }).click();
    await analysis
      .locator('p')
      .filter({ hasText: /^1\.\.\. .*: [-+#0-9]/ })
      .waitFor();
  });

  it('analyses a game from History → Game Details', async () => {
    await page.goto('/');
    await page.getByRole('tab', { name: /Game History/ }).click();
    await page.getByRole('button', { name: /Local game, two players.*6 moves/ }).click();
    const details = page.getByRole('dialog', { name: 'Game Details' });
    await details.getByRole('button', { name: 'Request computer analysis' }).click();
    await details.getByRole('img', { name: 'Evaluation graph' }).waitFor({ timeout: ANALYSIS_MS });
    await details.getByRole('button', { name: /a3\?\?$/ }).waitFor();
    await shoot(page, 'analysis-details');
  });
});
