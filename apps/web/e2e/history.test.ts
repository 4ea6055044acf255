/**
 * End to end: Game History past one page, in Debian's Chromium against the real server: the pages,
 * the filters applied by the server, and each finished card's result from the player's side.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium } from './chromium.ts';
import { person, register } from './live-support.ts';
import { shoot, startWebServer, WAIT_MS, type WebServer } from './support.ts';

/** Local games resigned at once, and one computer game and one fool's mate, through the API. */
async function playedGames(page: Page, count: number): Promise<void> {
  const { request } = page.context();
  const create = async (data: object) => {
    const answer = await request.post('/api/games', { data });
    if (answer.status() !== 201) throw new Error(`new game: ${answer.status()} ${await answer.text()}`);
    return ((await answer.json()) as { id: string }).id;
  };
  for (let i = 0; i < count; i++) await request.post(`/api/games/${await create({})}/resign`);
  await request.post(`/api/games/${await create({ isComputerGame: true })}/resign`);
  const mate = await create({});
  for (const [from, to] of [
    ['f2', 'f3'],
    ['e7', 'e5'],
    ['g2', 'g4'],
    ['d8', 'h4'],
  ])
    await request.post(`/api/games/${mate}/moves`, { data: { from, to } });
}

describe.skipIf(!HAS_CHROMIUM)('game history in Chromium', () => {
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    // Thirty-odd games in seconds: more than the real limits let one account make (games-limits.test.ts).
    [server, browser] = await Promise.all([startWebServer({ RATE_LIMIT_SCALE: '10' }), launchChromium()]);
    page = await person(browser, server.url, errors);
    await page.setViewportSize({ width: 1366, height: 768 });
    await register(page, `hana_${Date.now().toString(36)}`);
    await playedGames(page, 30);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pages through every game, filters on the server, and says who won and how', async () => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Game History' }).click();
    const history = page.getByRole('tabpanel', { name: 'Game History' });
    const cards = history.getByRole('listitem');
    await history.getByText('Page 1 of 2 · 32 in all').waitFor();
    expect(await cards.count()).toBe(24);
    await expect
      .poll(() => cards.first().textContent(), { timeout: WAIT_MS })
      .toMatch(/Black won by checkmate/);
    expect(await cards.first().textContent()).toMatch(/4 moves/);
    expect(await cards.nth(1).textContent()).toMatch(/Lost by resignation.*0 moves/);
    await shoot(page, 'history-page-1');

    await history.getByRole('button', { name: 'Next' }).click();
    await history.getByText('Page 2 of 2 · 32 in all').waitFor();
    expect(await cards.count()).toBe(8);
    expect(await cards.first().textContent()).toMatch(/(White|Black) won by resignation/);

    await history.getByRole('button', { name: 'AI', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toMatch(/Lost by resignation/);
    expect(await history.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await history.getByRole('button', { name: 'Local', exact: true }).click();
    await history.getByText('Page 1 of 2 · 31 in all').waitFor();

    await page.setViewportSize({ width: 375, height: 812 });
    await history.getByRole('button', { name: 'All', exact: true }).click();
    await history.getByText('Page 1 of 2 · 32 in all').waitFor();
    await shoot(page, 'history-phone');
    await history.getByRole('navigation', { name: 'Pages' }).scrollIntoViewIfNeeded();
    await shoot(page, 'history-phone-pager');
    expect(errors).toEqual([]);
  });
});
