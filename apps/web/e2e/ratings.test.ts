/**
 * End to end, in Chromium against the real server: ratings (docs/rules.md, "Ratings"). Two
 * signed-in players meet on the 1+0 tile (a pool's game between signed-in players is rated) and
 * finish by resignation; both screens show each rating's change; both profiles show the new bullet
 * rating, a chart with the game's point and the game; the leaderboard lists them, the test having
 * seeded 19 older rated games each so that this one is their 20th.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { inGame, person, register, relayed } from './live-support.ts';
import { panel, startWebServer, WAIT_MS, type WebServer } from './support.ts';

const tile = (page: Page) =>
  page.getByRole('list', { name: 'Quick pairing' }).getByRole('button', { name: /^1\+0 / });

/** Clicks the tile until the page seeks: a click before the prerendered page hydrates does nothing. */
async function seek(page: Page) {
  const searching = page.getByText('Searching for an opponent...');
  await expect
    .poll(
      async () => {
        if (!(await searching.isVisible()))
          await tile(page)
            .click({ timeout: 2000 })
            .catch(() => {});
        return searching.isVisible();
      },
      { timeout: WAIT_MS, interval: 500 },
    )
    .toBe(true);
}

/** The change shown beside `name` in the players panel ('+3' → 3). */
async function shownDiff(page: Page, name: string): Promise<number> {
  const row = panel(page, 'Players').locator('li, [data-player]').filter({ hasText: name });
  const diff = row.getByTestId('rating-diff').first();
  await diff.waitFor({ timeout: WAIT_MS });
  return Number((await diff.textContent())?.replace('+', ''));
}

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Ratings in Chromium' : MISSING_CHROMIUM, () => {
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

  it('rates a resigned 1+0 game between two signed-in players: the change on both screens, the profiles, the leaderboard', async () => {
    const [ann, bob] = await Promise.all([0, 1].map(() => person(browser, server.url, pageErrors)));
    const stamp = Date.now().toString(36);
    const names = { ann: `ann_${stamp}`, bob: `bob_${stamp}` };
    await Promise.all([register(ann, names.ann), register(bob, names.bob)]);
    // Nineteen older rated bullet games each, settled at 1500 ± 60, the last a day ago.
    await server.sql(
      `insert into ratings (user_id, speed, rating, deviation, volatility, games, rated_at)
       select id, 'bullet', 1500, 60, 0.06, 19, now() - interval '1 day' from users
       where username in ('${names.ann}', '${names.bob}')`,
    );

    // Nineteen games do not rank them yet.
    await ann.goto('/players');
    await ann.getByRole('region', { name: 'Bullet' }).getByText('No ranked players yet').waitFor();

    await Promise.all([ann.goto('/'), bob.goto('/')]);
    await seek(ann);
    await tile(bob).click();
    const id = await inGame([ann, bob]);
    for (const page of [ann, bob]) {
      const players = panel(page, 'Players');
      await expect.poll(() => players.textContent(), { timeout: WAIT_MS }).toMatch(/1500/);
    }

    const annWhite = await ann.getByText('You play White').isVisible();
    const [white, black] = annWhite ? [ann, bob] : [bob, ann];
    const [winner, loser] = annWhite ? [names.bob, names.ann] : [names.ann, names.bob];
    await relayed(white, [black], 'e2', 'e4', 'white pawn');
    await relayed(black, [white], 'e7', 'e5', 'black pawn');
    await white.getByRole('button', { name: 'Resign' }).click();
    await white
      .getByRole('dialog', { name: 'Resign the game?' })
      .getByRole('button', { name: 'Resign' })
      .click();

    // Both screens show both changes, the same: the winner's up, the loser's down.
    const shown = await Promise.all(
      [ann, bob].map(async (page) => ({
        won: await shownDiff(page, winner),
        lost: await shownDiff(page, loser),
      })),
    );
    expect(shown[0]).toEqual(shown[1]);
    const { won, lost } = shown[0];
    expect(won).toBeGreaterThan(0);
    expect(lost).toBeLessThan(0);

    // Each profile: the new rating, a chart with this game's point, the game.
    for (const [name, diff] of [
      [winner, won],
      [loser, lost],
    ] as const) {
      await ann.goto(`/@/${name}`);
      const card = ann.getByRole('article', { name: 'Bullet' });
      await expect.poll(() => card.textContent(), { timeout: WAIT_MS }).toContain(String(1500 + diff));
      expect(await card.textContent()).toMatch(/Rated games\s*20/);
      const chart = card.getByRole('img', { name: /^Bullet rating history: 1 day of rated games, from / });
      await chart.waitFor();
      await card.locator('canvas').waitFor();
      await ann.locator(`a[href="/game/${id}"]`).first().waitFor();
    }

    // The 20th game qualifies both for the leaderboard (kept at most 10 s per instance).
    await expect
      .poll(
        async () => {
          await bob.goto('/players');
          // The boards once loaded: a table, or the words of an empty board.
          const bullet = bob.getByRole('region', { name: 'Bullet' });
          await bullet.locator('table, p').first().waitFor();
          const board = bullet.getByRole('table', { name: 'Bullet leaderboard' });
          return (await board.count()) ? board.textContent() : '';
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toMatch(new RegExp(`${winner}.*${loser}|${loser}.*${winner}`));
    expect(pageErrors).toEqual([]);
  });
});
