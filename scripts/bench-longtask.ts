/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Main-thread long tasks while the computer thinks.
 *
 *   npm run build -w @sbc/web
 *   PORT=3200 DATA_DIR=/tmp/sbc-perf-data npx tsx apps/server/src/main.ts   # in another shell
 *   npx tsx scripts/bench-longtask.ts
 *
 * Signs in a fresh user (once), and for each of RUNS runs, in a fresh browser context: creates a
 * computer game on hard (human white) from a box-rich middlegame, out of the opening book, so that
 * the computer really searches (its full scaled think time, 8 s there); opens /game/<id> in
 * Chromium (playwright-core, /usr/bin/chromium) with a buffered PerformanceObserver for 'longtask'
 * registered before any page script, plays a2-a3 by clicking the squares, and waits until the move
 * history shows the computer's black move (not the '...' placeholder; at most 30 s). Prints the
 * long tasks (> 50 ms) of page load and of the thinking window (from the click on a3 to the black
 * move in the history).
 *
 * Environment: SBC_URL (default http://localhost:3200), CHROMIUM_PATH (default /usr/bin/chromium),
 * RUNS (default 3).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../apps/web/e2e/chromium.ts';
import { registered } from './bench/account.ts';
import { longTasks, observeLongTasks, type Task } from './bench/longtasks.ts';

const BASE = process.env.SBC_URL ?? 'http://localhost:3200';
const RUNS = Number(process.env.RUNS ?? 3);
/** The middlegame of scripts/bench-search.ts: three boxes, white to move. */
const MIDDLEGAME = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';

const summary = (tasks: Task[]) =>
  `${tasks.length} long task(s), longest ${tasks.length ? Math.max(...tasks.map((t) => t.duration)).toFixed(0) : 0} ms` +
  (tasks.length ? ` [${tasks.map((t) => t.duration.toFixed(0)).join(', ')}]` : '');

async function run(
  i: number,
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
  try {
    const page = await context.newPage();
    await observeLongTasks(page);
    const headers = { Origin: BASE };
    const game = await page.request.post(`${BASE}/api/games`, {
      headers,
      data: { isComputerGame: true, humanPlayer: 'white', aiDifficulty: 'hard', fen: MIDDLEGAME },
    });
    if (!game.ok()) throw new Error(`create game: ${game.status()} ${await game.text()}`);
    const { id } = (await game.json()) as { id: string };

    await page.goto(`${BASE}/game/${id}`, { waitUntil: 'networkidle' });
    const a2 = page.locator('[aria-label^="a2"]').first();
    await a2.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000); // let page-load tasks settle and be reported

    const loadTasks = await longTasks(page);
    await a2.click();
    const clickAt = await page.evaluate(() => performance.now());
    await page.locator('[aria-label^="a3"]').first().click();
    const wall = Date.now();
    const blackMoved = await page
      .waitForFunction(
        () =>
          Array.from(document.querySelectorAll('tbody tr td:nth-child(3)')).some(
            (td) => !['', '...'].includes((td.textContent ?? '').trim()),
          ),
        null,
        { timeout: 30_000, polling: 100 },
      )
      .then(() => true)
      .catch(() => false);
    const answeredAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300); // let a task that ended the window be reported
    const all = await longTasks(page);
    const thinkTasks = all.filter((t) => t.start + t.duration >= clickAt && t.start <= answeredAt);
    const reply = blackMoved
      ? await page.evaluate(() => document.querySelector('tbody tr td:nth-child(3)')?.textContent?.trim())
      : null;

    console.log(`run ${i + 1}: game ${id}`);
    console.log(`  page load:        ${summary(loadTasks)}`);
    console.log(
      `  computer thinking: ${summary(thinkTasks)}; window ${((answeredAt - clickAt) / 1000).toFixed(1)} s` +
        ` (${blackMoved ? `black answered ${reply}` : 'no black move within 30 s'}, wall ${((Date.now() - wall) / 1000).toFixed(1)} s)`,
    );
    if (thinkTasks.length) {
      console.log(
        `  thinking-window tasks start at (ms after the click on a3): ${thinkTasks.map((t) => (t.start - clickAt).toFixed(0)).join(', ')}`,
      );
    }
    return { loadTasks, thinkTasks };
  } finally {
    await context.close();
  }
}

async function main() {
  const maxThink: number[] = [];
  const browser = await launchChromium();
  try {
    // One user for all runs (registration is rate-limited); each run is a fresh context and game.
    const storageState = await registered(browser, BASE, 'lt');
    for (let i = 0; i < RUNS; i++) {
      const r = await run(i, browser, storageState);
      maxThink.push(r.thinkTasks.length ? Math.max(...r.thinkTasks.map((t) => t.duration)) : 0);
    }
  } finally {
    await browser.close();
  }
  const worst = Math.max(...maxThink);
  console.log(
    `\nLongest main-thread task while the computer thinks: ${worst.toFixed(0)} ms; target none over 50 ms: ${worst > 50 ? 'NOT met' : 'met'}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
