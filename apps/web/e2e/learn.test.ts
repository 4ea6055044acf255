/**
 * End to end: /learn in Chromium as a visitor. A lesson is played (a wrong move first, then the
 * right ones), and after a reload the index remembers it; a lesson and a puzzle fit a phone's width.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { play, shoot, startWebServer, WAIT_MS, type WebServer } from './support.ts';

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Learn in Chromium' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  const pageErrors: string[] = [];

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
    return page;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('completes a lesson, and the index remembers it after a reload', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await page.goto('/learn');
    await page.getByRole('heading', { name: 'Learn Shared Box Chess' }).waitFor();
    expect(await page.title()).toBe('Learn · Shared Box Chess');
    await shoot(page, 'learn-index');
    await page.getByRole('link', { name: 'Start' }).click();
    await page.getByRole('heading', { name: 'Join a pawn' }).waitFor();

    await play(page, 'g3', 'h5');
    await page.getByText(/^Not quite — /).waitFor();
    await shoot(page, 'learn-wrong');
    await page.getByRole('button', { name: 'Try again' }).click();
    await play(page, 'g3', 'e4');
    await page.getByText('Well done!').waitFor();
    await shoot(page, 'learn-step-solved');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    await play(page, 'd1', 'd3');
    await page.getByText('Lesson complete!').waitFor();
    await shoot(page, 'learn-lesson-complete');

    await page.goto('/learn');
    await page.reload();
    await page.getByText('1 of 8 completed').waitFor();
    await page.getByRole('link', { name: /^Completed:\s*Join a pawn/ }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Move out of a box' }).waitFor();
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('fits a lesson and a puzzle in a phone screen (390 px)', async () => {
    const page = await newPage({ width: 390, height: 844 });
    for (const id of ['copy', 'puzzle-copy-queen']) {
      await page.goto(`/learn/${id}`);
      await page.getByRole('grid', { name: 'Chess board' }).waitFor();
      await shoot(page, `learn-mobile-${id}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
