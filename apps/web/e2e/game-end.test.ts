/**
 * End to end: a box mate explained in the Game Over dialog, with its 'Why?' into the rules, and the
 * hard computer's piece shown for the whole of its search; in Debian's Chromium against the real
 * server on a fresh database.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM } from './chromium.ts';
import { seededPlayer } from './live-support.ts';
import { moveList, play, shoot, startGame, WAIT_MS } from './support.ts';

/** The screenshots' sizes: a laptop and a phone. */
const SIZES = [
  [1366, 768],
  [375, 812],
] as const;

const labelOf = (page: Page, coordinate: string) =>
  page.locator(`[data-square="${coordinate}"]`).getAttribute('aria-label');

describe.skipIf(!HAS_CHROMIUM)('the end of a game in Chromium', () => {
  let page: Page;
  const errors: string[] = [];
  let close = async () => {};

  beforeAll(async () => {
    ({ page, close } = await seededPlayer('mate', errors));
  });

  afterAll(() => close());

  it('explains a box mate in the Game Over dialog and opens the rules at its section', async () => {
    // Bxf7 takes the knight and copies it: the new white knight mates from the (NB) box.
    await startGame(page, { sbfen: '5qrk/5npp/8/8/2B5/8/8/4K3 w - - 0 1' });
    await play(page, 'c4', 'f7');
    const over = page.getByRole('dialog', { name: 'Game Over' });
    await over.waitFor();
    expect(await over.textContent()).toContain(
      'The white knight in the double box on f7 gives check: an attack on the box lets White choose which piece to give up, so White keeps the knight.',
    );
    // The modal dialog hides the board from the accessibility tree: read the squares' names.
    expect(await labelOf(page, 'f7')).toMatch(/gives check/);
    expect(await labelOf(page, 'h8')).toMatch(/in check/);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await shoot(page, `box-mate-over-${width}`);
    }
    await over.getByRole('button', { name: 'Why?' }).click();
    const rules = page.getByRole('dialog', { name: 'Shared Box Chess Rules' });
    const heading = rules.getByRole('heading', { name: '5. Attacking a shared box' });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shoot(page, `box-mate-why-${width}`);
    }
    await page.keyboard.press('Escape');
    await rules.waitFor({ state: 'hidden' });
    // Closing the rules leaves the Game Over dialog open.
    await over.waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the hard computer’s piece long before it moves', async () => {
    // Off the opening book: the hard level searches for seconds.
    await startGame(page, {
      computer: 'hard',
      sbfen: 'rnbqkbnr/1ppp1pp1/p6p/4p3/4P3/P6P/1PPP1PP1/RNBQKBNR w KQkq - 0 1',
    });
    await play(page, 'b2', 'b3');
    const chosen = page
      .getByRole('grid', { name: 'Chess board' })
      .getByRole('button', { name: /computer's piece/ });
    await chosen.waitFor({ timeout: WAIT_MS });
    const shownAt = Date.now();
    await shoot(page, 'hard-thinking');
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(2);
    // The piece was shown from the search's first iteration, not only in the last half second.
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    expect(errors).toEqual([]);
  });

  it('plays again against the computer, at the same level, as the other colour', async () => {
    const first = page.url();
    await page.getByRole('button', { name: 'Resign' }).click();
    await page
      .getByRole('dialog', { name: 'Resign the game?' })
      .getByRole('button', { name: 'Resign' })
      .click();
    const over = page.getByRole('dialog', { name: 'Game Over' });
    await over.waitFor();
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await shoot(page, `play-again-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 1000 });
    await over.getByRole('button', { name: 'Play again as Black' }).click();
    await page.waitForURL((url) => url.href !== first && /\/game\/[^/]+$/.test(url.pathname));
    await page.getByText('Computer (Hard)').waitFor();
    // The computer, now White, opens the new game.
    await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(1);
    expect(await page.locator('[data-square]').first().getAttribute('data-square')).toBe('h1');
    expect(errors).toEqual([]);
  });
});
