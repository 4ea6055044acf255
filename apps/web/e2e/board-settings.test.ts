/**
 * End to end: the board settings dialog (kept on the device through a reload) and a premove in a
 * computer game, in Debian's Chromium against the real server on a fresh database.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM } from './chromium.ts';
import { seededPlayer } from './live-support.ts';
import { moveList, play, square, startGame, WAIT_MS } from './support.ts';

/** The background colour of a square's button. */
const colourOf = (page: Page, coordinate: string) =>
  page.locator(`[data-square="${coordinate}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);

describe.skipIf(!HAS_CHROMIUM)('board settings and premove in Chromium', () => {
  let page: Page;
  const errors: string[] = [];
  let close = async () => {};

  beforeAll(async () => {
    ({ page, close } = await seededPlayer('bea', errors));
  });

  afterAll(() => close());

  it('plays a premove queued while the computer thinks as soon as its reply is on the board', async () => {
    await startGame(page, { computer: 'easy' });
    await play(page, 'e2', 'e4');
    await page.getByRole('status').filter({ hasText: 'Computer is thinking...' }).waitFor();
    await square(page, 'g1').click();
    await square(page, 'f3', 'empty, possible premove').click();
    await square(page, 'f3', 'empty, premove').waitFor();
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(3);
    expect((await moveList(page))[2]).toBe('Nf3');
    await square(page, 'f3', 'white knight').waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps the colours and pieces chosen in the board settings after a reload', async () => {
    expect(await colourOf(page, 'a1')).toBe('rgb(181, 136, 99)'); // brown
    await page.getByRole('button', { name: 'Board settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Board settings' });
    // The radio buttons are hidden inside their labels, which show the choices.
    await dialog.locator('label', { hasText: 'Green' }).click();
    await dialog.locator('label', { hasText: 'Merida' }).click();
    await expect.poll(() => colourOf(page, 'a1')).toBe('rgb(118, 150, 86)');
    await page.locator('svg[data-pieces="merida"]').waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('grid', { name: 'Chess board' }).waitFor();
    expect(await colourOf(page, 'a1')).toBe('rgb(118, 150, 86)');
    await page.locator('svg[data-pieces="merida"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Board settings' }).click();
    expect(await dialog.getByRole('radio', { name: 'Green' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});
