/**
 * End to end: two visitors play online (docs/api.md §7), each in a browser context of their own
 * against the real server: a room created and joined, the game started for both, each move on the
 * other board within a second, and a resignation.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { createRoom, inGame, joinRoom, person, RELAY_MS, relayed } from './live-support.ts';
import { startWebServer, type WebServer } from './support.ts';

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

  it('creates and joins a room, plays moves seen on the other board within a second, and resigns', async () => {
    const [ann, bob] = await Promise.all([0, 1].map(() => person(browser, server.url, pageErrors)));
    const code = await createRoom(ann, 'Ann');
    await joinRoom(bob, code, 'Bob');
    await inGame([ann, bob]);
    await ann.getByText('You play White').waitFor();
    await bob.getByText('You play Black').waitFor();

    const times = [
      ...(await relayed(ann, [bob], 'e2', 'e4', 'white pawn')),
      ...(await relayed(bob, [ann], 'e7', 'e5', 'black pawn')),
      ...(await relayed(ann, [bob], 'g1', 'f3', 'white knight')),
    ];
    expect(Math.max(...times)).toBeLessThan(RELAY_MS);

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
