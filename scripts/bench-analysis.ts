/// <reference lib="dom" />
/**
 * Computer analysis of a 60-move game in Chromium: how long it takes, and the main thread's long
 * tasks meanwhile.
 *
 *   npm run -s bench:analysis [-- --runs 2 --plies 120]
 *
 * Builds nothing: it serves apps/web/dist (`npm run build -w @sbc/web` first; the npm script does
 * it) with the server from its sources (tsx), a fresh PGlite database in a temporary folder. Plays a
 * game of `--plies` moves (120: 60 moves each) with the engine at "easy" on both sides, seeded,
 * so every run analyses the same game; plants it as a finished local game through the API; then,
 * for each of `--runs` runs, opens /game/<id> in a fresh browser context with a buffered
 * PerformanceObserver for 'longtask' registered before any page script, clicks "Request computer
 * analysis" and waits for the evaluation graph. Prints the time from the click to the graph, the
 * long tasks (> 50 ms) in that window and the load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine, Line } from '@sbc/ai';
import { Game } from '@sbc/game';
import { START_SBFEN } from '@sbc/rules';
import { launchChromium } from '../apps/web/e2e/chromium.ts';
import { plantGame } from '../apps/web/e2e/plant.ts';
import { registered } from './bench/account.ts';
import { load, option } from './bench/cli.ts';
import { longTasks, observeLongTasks } from './bench/longtasks.ts';
import { productionEnv, startServer, TSX } from './bench/server.ts';

const RUNS = option('--runs', 1);
const PLIES = option('--plies', 120);

/** A game of exactly `plies` moves, the engine at easy on both sides (the first seed whose game lasts). */
function playGame(plies: number): string[] {
  for (let seed = 1; ; seed++) {
    const engine = new Engine(16);
    const created = Game.create({ sbfen: START_SBFEN });
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const texts: string[] = [];
    while (game.moves.length < plies && !game.isOver) {
      const line = Line.from(START_SBFEN, texts, false);
      if (!line.ok) throw new Error(line.error);
      const { text } = engine.think(line.value, { level: 'easy', seed });
      if (!game.playText(text).ok) throw new Error(`engine move ${text} refused`);
      texts.push(text);
    }
    // A last move waiting for its defender choice would leave the game unfinished by one decision.
    if (game.moves.length === plies && game.position.pendingSquare < 0) return texts;
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'sbc-bench-analysis-'));
  const server = await startServer(TSX, dir, productionEnv());
  const browser = await launchChromium();
  try {
    const base = server.url;
    const texts = playGame(PLIES);
    let id = '';
    const storageState = await registered(browser, base, 'an', async (request) => {
      id = await plantGame(request, base, texts);
    });
    console.log(`game ${id}: ${PLIES} moves, ${texts.length + 1} positions; load average ${load()}`);

    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, storageState });
      const page = await context.newPage();
      await observeLongTasks(page);
      await page.goto(`${base}/game/${id}`, { waitUntil: 'networkidle' });
      const request = page.getByRole('button', { name: 'Request computer analysis' });
      await request.waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1000); // page-load tasks settle and are reported
      const clickAt = await page.evaluate(() => performance.now());
      await request.click();
      await page.getByRole('img', { name: 'Evaluation graph' }).waitFor({ timeout: 300_000 });
      const doneAt = await page.evaluate(() => performance.now());
      await page.waitForTimeout(300); // a task that ended the window is reported
      const tasks = (await longTasks(page)).filter(
        (t) => t.start + t.duration >= clickAt && t.start <= doneAt,
      );
      const longest = tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0;
      console.log(
        `run ${i + 1}: analysis ${((doneAt - clickAt) / 1000).toFixed(1)} s (target 30 s), ` +
          `${tasks.length} long task(s)${tasks.length ? ` [${tasks.map((t) => `${t.duration.toFixed(0)} ms at ${((t.start - clickAt) / 1000).toFixed(1)} s`).join(', ')}]` : ''}, ` +
          `longest ${longest.toFixed(0)} ms (target none over 50 ms); load average ${load()}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
