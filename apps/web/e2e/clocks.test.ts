/**
 * End to end: clocks in room games (docs/architecture.md, "Clocks"), two players and a spectator
 * each in a browser context of their own against the real server. A 1+0 game that one player lets
 * run out: the three clocks agree within 100 ms (under 10 s, when each tenth began on each page),
 * a reload keeps them, and all three see the loss on time within 1 s of zero; a 3+2 game whose
 * increment is added after a move.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { createRoom, inGame, joinRoom, person, register } from './live-support.ts';
import { play, square, startWebServer, WAIT_MS, type WebServer } from './support.ts';

/** A side's clock on a page: its text, and the page's time (ms since the epoch) when it was read. */
type Reading = { text: string; at: number };

const selector = (side: 'White' | 'Black') => `[role="timer"][aria-label^="${side}'s clock"]`;

/** Reads `side`'s clock on each page at the same moment `at` (the pages share the machine's clock). */
function readTogether(pages: Page[], side: 'White' | 'Black', at = Date.now() + 300): Promise<Reading[]> {
  return Promise.all(
    pages.map((page) =>
      page.evaluate(
        ([css, when]) =>
          new Promise<Reading>((resolve) =>
            setTimeout(
              () => resolve({ text: document.querySelector(css)?.textContent ?? '', at: Date.now() }),
              when - Date.now(),
            ),
          ),
        [selector(side), at] as const,
      ),
    ),
  );
}

/**
 * Watches `side`'s clock on each page for `ms`: when each text began to show there (the machine's
 * clock). A tenth that every page showed began on each at the moment its clock passed it, so the
 * spread of those moments is how far apart the clocks are, to a frame.
 */
async function watchTogether(pages: Page[], side: 'White' | 'Black', ms: number): Promise<number[]> {
  const shown = await Promise.all(
    pages.map((page) =>
      page.evaluate(
        ([css, wait]) =>
          new Promise<Record<string, number>>((resolve) => {
            const clock = document.querySelector(css) as Element;
            const began: Record<string, number> = {};
            const observer = new MutationObserver(() => {
              began[clock.textContent ?? ''] ??= Date.now();
            });
            observer.observe(clock, { characterData: true, childList: true, subtree: true });
            setTimeout(() => {
              observer.disconnect();
              resolve(began);
            }, wait);
          }),
        [selector(side), ms] as const,
      ),
    ),
  );
  const common = Object.keys(shown[0]).filter((text) => shown.every((s) => text in s));
  return common.map((text) => {
    const at = shown.map((s) => s[text]);
    return Math.max(...at) - Math.min(...at);
  });
}

/** A displayed clock in ms: 'm:ss', 'm:ss.t'. */
function clockMs(text: string): number {
  const match = /^(\d+):(\d\d)(?:\.(\d))?$/.exec(text);
  if (!match) throw new Error(`not a clock: '${text}'`);
  return (Number(match[1]) * 60 + Number(match[2])) * 1000 + Number(match[3] ?? 0) * 100;
}

/** The room's game with its time control chosen by the host (`preset`, the button's text). */
async function timedRoomGame(browser: Browser, url: string, errors: string[], preset: string) {
  const [ann, bob] = await Promise.all([0, 1].map(() => person(browser, url, errors)));
  const code = await createRoom(ann, 'Ann');
  await ann.getByRole('button', { name: new RegExp(`^${preset.replace('+', '\\+')}`) }).click();
  await ann.getByText(`Time control: ${preset}`).waitFor();
  await joinRoom(bob, code, 'Bob');
  const id = await inGame([ann, bob]);
  return { ann, bob, id };
}

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Clocks in Chromium' : MISSING_CHROMIUM, () => {
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

  it('1+0: the clocks of both players and a spectator agree, survive a reload, and all see the flag within 1 s', async () => {
    const { ann, bob, id } = await timedRoomGame(browser, server.url, pageErrors, '1+0');
    const cy = await person(browser, server.url, pageErrors);
    await register(cy, `cy_${Date.now().toString(36)}`);
    await cy.goto(`/game/${id}`);
    await cy.getByText('You are watching as a spectator').waitFor();
    const pages = [ann, bob, cy];

    // Each side's clock starts with its first move: until then a 20-s window (bullet).
    await ann.getByText(/^\d+ seconds to play the first move$/).waitFor();
    await play(ann, 'e2', 'e4');
    await square(bob, 'e4', 'white pawn').waitFor();
    await play(bob, 'e7', 'e5');
    await square(ann, 'e5', 'black pawn').waitFor();
    await play(ann, 'g1', 'f3');
    await square(bob, 'f3', 'white knight').waitFor();

    // Black's clock runs: a reload of Black's page mid-game keeps it, still running.
    const before = await readTogether([ann], 'Black');
    await bob.reload();
    await bob.getByRole('grid', { name: 'Chess board' }).waitFor();
    const running = bob.getByRole('timer', { name: /^Black's clock/ });
    await expect.poll(() => running.getAttribute('data-running'), { timeout: WAIT_MS }).toBe('true');
    const [again, after] = await readTogether([ann, bob], 'Black');
    expect(clockMs(before[0].text)).toBeLessThanOrEqual(60_000);
    expect(Math.abs(clockMs(again.text) - clockMs(after.text))).toBeLessThanOrEqual(1000);
    expect(clockMs(after.text)).toBeLessThan(clockMs(before[0].text));

    // Under 10 s, in tenths: the three pages' clocks read at one moment agree within 100 ms.
    await ann.getByRole('timer', { name: /^Black's clock: 0:0\d\.\d$/ }).waitFor({ timeout: 70_000 });
    const { gameState } = await (await ann.context().request.get(`/api/games/${id}`)).json();
    const deadline = gameState.clock.deadline as number;
    const spreads = await watchTogether(pages, 'Black', deadline - Date.now() - 1500);
    console.info(
      `[e2e] the three clocks under 10 s, how far apart each tenth began: ${spreads.join(', ')} ms`,
    );
    expect(spreads.length).toBeGreaterThan(30);
    // Most tenths begin within 100 ms on the three pages; a busy machine delays a page's frame now
    // and then (122 ms seen with other tests running beside), never by a tenth's worth twice over.
    const sorted = [...spreads].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThanOrEqual(100);
    expect(sorted.at(-1)).toBeLessThanOrEqual(300);
    // And read at one moment, to the tenth.
    const together = (await readTogether(pages, 'Black')).map((r) => clockMs(r.text));
    expect(Math.max(...together) - Math.min(...together)).toBeLessThanOrEqual(100);

    // The flag: within 1 s of zero on all three pages.
    const seen = await Promise.all(
      pages.map(async (page) => {
        await page
          .getByRole('alert')
          .filter({ hasText: 'Time out! White wins!' })
          .waitFor({ timeout: WAIT_MS });
        return Date.now() - deadline;
      }),
    );
    console.info(`[e2e] the loss on time shown ${seen.join(', ')} ms after the deadline (Ann, Bob, Cy)`);
    expect(Math.max(...seen)).toBeLessThan(1000);
    await ann.getByText('You Won!', { exact: true }).waitFor();
    await bob.getByText('Game Over', { exact: true }).first().waitFor();
    for (const page of pages) {
      await expect
        .poll(() => page.getByTestId('game-status').textContent(), { timeout: WAIT_MS })
        .toBe('Out of time');
      // Behind the Game Over dialog (the rest of the page is hidden from the accessibility tree).
      expect(await page.locator(selector('Black')).textContent()).toBe('0:00.0');
    }
    expect(pageErrors).toEqual([]);
  }, 150_000);

  it('3+2: the increment is added to the mover after a move, on both screens', async () => {
    const { ann, bob } = await timedRoomGame(browser, server.url, pageErrors, '3+2');
    await play(ann, 'e2', 'e4');
    await square(bob, 'e4', 'white pawn').waitFor();
    await play(bob, 'e7', 'e5');
    await square(ann, 'e5', 'black pawn').waitFor();
    // White's clock runs from Black's first move; 3 s later White moves and gets 2 s back.
    const white = (page: Page) => page.getByRole('timer', { name: /^White's clock/ });
    await expect.poll(() => white(ann).textContent(), { timeout: WAIT_MS }).toBe('2:57');
    const [spent] = await readTogether([ann], 'White');
    await play(ann, 'g1', 'f3');
    await square(bob, 'f3', 'white knight').waitFor();
    for (const page of [ann, bob]) {
      await expect.poll(() => white(page).getAttribute('data-running')).toBe('false');
      const ms = clockMs((await white(page).textContent()) ?? '');
      expect(ms - clockMs(spent.text)).toBeGreaterThanOrEqual(1000);
      expect(ms - clockMs(spent.text)).toBeLessThanOrEqual(2000);
    }
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
