/**
 * Online play in Chromium (docs/api.md §7): people in browser contexts of their own (their own
 * cookies), a room created and joined through the pages, and moves timed from one board to another.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from './chromium.ts';
import { play, seedEngine, square, startWebServer, WAIT_MS } from './support.ts';

/** A move shows on the other boards within this (the socket relays it). */
export const RELAY_MS = 1000;

/**
 * A person's page at `baseURL` in a browser context of its own, on a desktop's screen unless
 * `device` says otherwise (a phone's); its uncaught errors go to `errors` (each journey expects none).
 */
export async function person(
  browser: Browser,
  baseURL: string,
  errors: string[],
  device: BrowserContextOptions = { viewport: { width: 1280, height: 1000 } },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...device });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (error) => errors.push(String(error.stack ?? error)));
  return page;
}

/** Registers an account (signed in at once, as without SMTP) in the page's context. */
export async function register(page: Page, username: string): Promise<void> {
  const answer = await page.context().request.post('/api/register', {
    data: { username, password: 'correct horse battery', email: `${username}@example.com` },
  });
  if (answer.status() !== 201) throw new Error(`registration: ${answer.status()} ${await answer.text()}`);
}

/**
 * A suite's one player: a fresh server and Chromium, a registered user (`prefix_<time>`) with the
 * engine seeded; `close` ends both.
 */
export async function seededPlayer(prefix: string, errors: string[]) {
  const [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const page = await person(browser, server.url, errors);
    await seedEngine(page.context());
    await register(page, `${prefix}_${Date.now().toString(36)}`);
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
/** Creates a room from the home page (a visitor gives `name`); returns its code, in the lobby. */
export async function createRoom(page: Page, name?: string): Promise<string> {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Multiplayer Room' });
  // A click before the prerendered landing page has hydrated does nothing: click until it opens.
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Multiplayer' }).click();
        return dialog.isVisible();
      },
      { timeout: WAIT_MS, interval: 500 },
    )
    .toBe(true);
  if (name) await dialog.getByLabel('Your name').fill(name);
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await page.waitForURL(/\/room\/[A-Z0-9]+$/);
  await page.getByText('Waiting for another player...').waitFor();
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/** Joins the room of `code` at its lobby's address, as a guest named `name`. */
export async function joinRoom(page: Page, code: string, name: string): Promise<void> {
  await page.goto(`/room/${code.toLowerCase()}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join Room' }).click();
}

/** Waits until every page shows the game at /game/{id}; returns its id. */
export async function inGame(pages: Page[], notId?: string): Promise<string> {
  const game = /\/game\/([0-9a-f-]+)$/;
  const ids = await Promise.all(
    pages.map(async (page) => {
      await page.waitForURL((url) => game.test(url.pathname) && !url.pathname.endsWith(`/${notId}`));
      await page.getByRole('grid', { name: 'Chess board' }).waitFor();
      return game.exec(new URL(page.url()).pathname)?.[1] as string;
    }),
  );
  if (new Set(ids).size !== 1) throw new Error(`different games: ${ids.join(', ')}`);
  return ids[0];
}

/**
 * Plays `from`-`to` on `mover`'s board, then waits for `piece` on `to` on each other board: returns
 * how long each took from the click (the first, the opponent's, is the relay measured).
 */
export async function relayed(
  mover: Page,
  others: Page[],
  from: string,
  to: string,
  piece: string,
): Promise<number[]> {
  await play(mover, from, to);
  const start = Date.now();
  return Promise.all(
    others.map(async (page) => {
      await square(page, to, piece).waitFor({ timeout: WAIT_MS });
      return Date.now() - start;
    }),
  );
}
