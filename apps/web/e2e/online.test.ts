/**
 * End to end: two visitors play online (docs/api.md §7), each in a browser context of their own
 * against the real server: a room created and joined, the game started for both, each move on the
 * other board within a second, and a resignation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { play, square, startWebServer, WAIT_MS, type WebServer } from './support.ts';

/** A move shows on the opponent's board within this (the socket relays it). */
const RELAY_MS = 1000;

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Online play in Chromium' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A visitor's page in a browser context of its own (its own guest cookie). */
  async function visitor(): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 1000 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
    return page;
  }

  /** Plays a move on `mover`'s board and waits for it on `watcher`'s: returns how long that took. */
  async function relayed(
    mover: Page,
    watcher: Page,
    from: string,
    to: string,
    piece: string,
  ): Promise<number> {
    await play(mover, from, to);
    const start = Date.now();
    await square(watcher, to, piece).waitFor({ timeout: WAIT_MS });
    return Date.now() - start;
  }

  it('creates and joins a room, plays moves seen on the other board within a second, and resigns', async () => {
    const [ann, bob] = await Promise.all([visitor(), visitor()]);
    await ann.goto('/');
    await ann.getByRole('button', { name: 'Multiplayer' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Multiplayer Room' });
    await dialog.getByLabel('Your name').fill('Ann');
    await dialog.getByRole('button', { name: 'Create Room' }).click();
    await ann.waitForURL(/\/room\/[A-Z0-9]+$/);
    await ann.getByText('Waiting for another player...').waitFor();
    const code = new URL(ann.url()).pathname.split('/').pop();

    await bob.goto(`/room/${code?.toLowerCase()}`);
    await bob.getByLabel('Your name').fill('Bob');
    await bob.getByRole('button', { name: 'Join Room' }).click();
    await Promise.all([ann.waitForURL(/\/game\/[0-9a-f-]+$/), bob.waitForURL(/\/game\/[0-9a-f-]+$/)]);
    expect(ann.url()).toBe(bob.url());
    await ann.getByText('You play White').waitFor();
    await bob.getByText('You play Black').waitFor();

    expect(await relayed(ann, bob, 'e2', 'e4', 'white pawn')).toBeLessThan(RELAY_MS);
    expect(await relayed(bob, ann, 'e7', 'e5', 'black pawn')).toBeLessThan(RELAY_MS);
    expect(await relayed(ann, bob, 'g1', 'f3', 'white knight')).toBeLessThan(RELAY_MS);

    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob
      .getByRole('dialog', { name: 'Resign the game?' })
      .getByRole('button', { name: 'Resign' })
      .click();
    await bob.getByText('You have resigned from the game', { exact: true }).waitFor();
    await ann.getByText('You Won!', { exact: true }).waitFor();
    await ann.getByRole('alert').filter({ hasText: 'Black has resigned.' }).waitFor();
    await ann
      .getByRole('dialog', { name: 'Game Over' })
      .getByRole('button', { name: 'Offer Rematch' })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });
});
