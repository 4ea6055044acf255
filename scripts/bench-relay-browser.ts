/// <reference lib="dom" />
/**
 * The relay as the players see it (issue #46): two Chromium pages play an online game on this
 * machine, and each move is timed from the mover's pointer release to the opponent's board showing
 * the piece on its new square, and to the frame after it (painted). Both times are taken inside the
 * pages on one clock, performance.timeOrigin + performance.now() (epoch ms; one machine). Prints
 * p50 and p95 of each with the load average; the target is a shown p95 of at most 50 ms on an idle
 * machine.
 *
 *   npm run -s bench:relay-browser                          # this checkout (the npm script builds it)
 *   npm run -s bench:relay-browser -- --base <checkout>     # and another built checkout, side by side
 *   npm run -s bench:relay-browser -- --plies 300           # the game played to 300 plies first
 *   npm run -s bench:relay-browser -- --postgres            # each server on a fresh PostgreSQL database
 *   options: --moves 60 (measured, on each server) --rounds 6 (the moves in rounds, the servers in turn)
 *            --new <checkout> (another built checkout in this one's place)
 *
 * Each server is a checkout's build (apps/server/dist/main.js, which serves that checkout's
 * apps/web/dist) in production on a fresh PGlite in a temporary DATA_DIR (or, with --postgres, a fresh PostgreSQL
 * database each, dropped after). Two registered users play
 * in a room, each in a browser context of its own at 1366×768 on /game/{id}. The moves are the fixed
 * legal line of scripts/bench/moves.ts: the first --plies over HTTP as the players, before the pages
 * open, then the measured ones by mouse clicks on the square centres (the piece, its box's choice
 * when it asks, its marked destination). With --base the two servers play their moves in rounds,
 * alternating which goes first, so that both see the same machine; compare `--plies 300` with
 * `--plies 10` for a long game's paint time against a short one's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../apps/web/e2e/chromium.ts';
import { registered } from './bench/account.ts';
import { flag, load, option, quantile, textOption } from './bench/cli.ts';
import { legalLine, type MoveIntention } from './bench/moves.ts';
import { freshDatabase } from './bench/postgres.ts';
import { built, productionEnv, type RunningServer, startServer } from './bench/server.ts';

const MOVES = option('--moves', 60);
const PLIES = option('--plies', 0);
const ROUNDS = option('--rounds', 6);
const BASE = textOption('--base');
const POSTGRES = flag('--postgres');
/** The checkout measured as new: this one unless `--new <checkout>` names another built one. */
const NEW = textOption('--new') ?? resolve(import.meta.dirname, '..');
const TARGET_MS = 50;
/** How long a move may take to show, or a page to answer, before the run fails. */
const WAIT_MS = 10_000;
const VIEWPORT = { width: 1366, height: 768 };
const BOARD = '[role="grid"][aria-label="Chess board"]';
/** Pawns spared: the plain line ends at 300 plies, short of `--plies 300` and the measured moves. */
const LINE = legalLine(PLIES + MOVES, { sparePawns: true });

/** What a page notes: its last pointer release, and the square it watches for a piece (epoch ms). */
interface Probe {
  released: number;
  /** The last frame's arrival on any of the page's sockets. */
  received: number;
  /** The armed watch's times: the piece shown, and the next animation frame. */
  shown: Promise<{ shown: number; painted: number }>;
  /** Arms the watch of `square` for one more `piece` ("white knight") than it shows now. */
  watch(square: string, piece: string): void;
  now(): number;
  /** How many times `square`'s name names `piece`. */
  count(square: string, piece: string): number;
}
declare global {
  interface Window {
    relayProbe: Probe;
  }
}

/**
 * Runs in every page before its scripts: the probe, on the page's own clock. Its functions are
 * methods or arguments, never named arrows, which tsx would wrap in a helper the page lacks.
 */
function installProbe({ waitMs, board }: { waitMs: number; board: string }) {
  let armed: { square: string; piece: string; before: number; done(at: number): void } | null = null;
  const probe: Probe = {
    released: 0,
    received: 0,
    shown: Promise.resolve({ shown: 0, painted: 0 }),
    now() {
      return performance.timeOrigin + performance.now();
    },
    count(square, piece) {
      const button = document.querySelector(`${board} button[data-square="${square}"]`);
      return (button?.getAttribute('aria-label') ?? '').split(piece).length - 1;
    },
    watch(square, piece) {
      probe.shown = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${piece} not on ${square} in ${waitMs} ms`)),
          waitMs,
        );
        armed = {
          square,
          piece,
          before: probe.count(square, piece),
          done(shown) {
            clearTimeout(timer);
            requestAnimationFrame(() => resolve({ shown, painted: probe.now() }));
          },
        };
      });
    },
  };
  window.relayProbe = probe;
  // Registered before the page's own handler: the moment the frame is the page's to handle.
  window.WebSocket = class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', () => (probe.received = probe.now()));
    }
  };
  // Capture on window: the board's own handlers cannot delay or stop it.
  window.addEventListener('pointerup', () => (probe.released = probe.now()), { capture: true });
  new MutationObserver(() => {
    if (!armed || probe.count(armed.square, armed.piece) <= armed.before) return;
    const { done } = armed;
    armed = null;
    done(probe.now());
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
}

/** Chromium's cumulative times of a page's main thread (seconds): all its tasks, and three parts. */
const CPU = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;
type Cpu = (typeof CPU)[number];

/** A server under test, its game, its players' pages (white, black), and its moves' times. */
interface Side {
  name: string;
  dir: string;
  server: RunningServer;
  /** Its PostgreSQL database (--postgres), else null: PGlite in `dir`. */
  pg: { drop(): void } | null;
  contexts: BrowserContext[];
  pages: Page[];
  /** Each page's DevTools session, for its renderer's CPU time (Performance.getMetrics). */
  sessions: CDPSession[];
  /** The pages' renderer time in the measured moves, by kind (ms, both pages together). */
  cpu: Record<Cpu, number>;
  /** The next ply of the line. */
  ply: number;
  shown: number[];
  painted: number[];
  /** From the frame's arrival in the opponent's page to the piece shown: the page's own part. */
  handled: number[];
}

async function call(request: APIRequestContext, url: string, data?: object) {
  const answer = await request.post(url, { headers: { Origin: new URL(url).origin }, data });
  if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

/** Starts `root`'s server, opens a room game between two new users, plays PLIES, and opens their pages. */
async function openSide(browser: Browser, name: string, root: string): Promise<Side> {
  const dir = mkdtempSync(join(tmpdir(), `sbc-bench-relay-${name}-`));
  const pg = POSTGRES ? freshDatabase(`_${name}`) : null;
  const server = await startServer(built(root), dir, productionEnv(pg?.url));
  const { url } = server;
  let code = '';
  let gameId = '';
  const white = await registered(browser, url, 'rw', async (request) => {
    ({ code } = await call(request, `${url}/api/rooms`));
  });
  const black = await registered(browser, url, 'rb', async (request) => {
    ({ gameId } = await call(request, `${url}/api/rooms/join`, { roomCode: code }));
  });
  const contexts = await Promise.all(
    [white, black].map((storageState) => browser.newContext({ viewport: VIEWPORT, storageState })),
  );
  for (let ply = 0; ply < PLIES; ply++) {
    await call(contexts[ply % 2].request, `${url}/api/games/${gameId}/moves`, LINE[ply]);
  }
  const pages = await Promise.all(
    contexts.map(async (context) => {
      await context.addInitScript(installProbe, { waitMs: WAIT_MS, board: BOARD });
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      await page.goto(`${url}/game/${gameId}`);
      await page.locator(BOARD).waitFor();
      return page;
    }),
  );
  const sessions = await Promise.all(
    pages.map(async (page, i) => {
      const session = await contexts[i].newCDPSession(page);
      await session.send('Performance.enable');
      return session;
    }),
  );
  const cpu = Object.fromEntries(CPU.map((k) => [k, 0])) as Record<Cpu, number>;
  return {
    name,
    dir,
    server,
    pg,
    contexts,
    pages,
    sessions,
    cpu,
    ply: PLIES,
    shown: [],
    painted: [],
    handled: [],
  };
}

async function closeSide(side: Side): Promise<void> {
  await Promise.all(side.contexts.map((c) => c.close()));
  await side.server.stop();
  side.pg?.drop();
  rmSync(side.dir, { recursive: true, force: true });
}

const squareButton = (page: Page, square: string) => page.locator(`${BOARD} button[data-square="${square}"]`);

/** A mouse click (press and release) on the centre of `square`. */
async function clickSquare(page: Page, square: string): Promise<void> {
  const box = await squareButton(page, square).boundingBox();
  if (!box) throw new Error(`${square} is not on the page`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The mover's clicks: the piece, its box's question when it asks, then its destination. */
async function makeMove(page: Page, move: MoveIntention): Promise<void> {
  const target = squareButton(page, move.to).and(page.locator('[aria-label*="possible move"]'));
  const choice = page.getByRole('dialog', { name: 'Select Piece to Move' });
  await clickSquare(page, move.from);
  await target.or(choice).first().waitFor();
  if (await choice.isVisible())
    await choice.getByRole('button', { name: new RegExp(move.piece, 'i') }).click();
  await target.waitFor();
  await clickSquare(page, move.to);
}

/** Plays the side's next move and notes its times from the mover's release. */
async function measureMove(side: Side): Promise<void> {
  const move = LINE[side.ply];
  const [mover, opponent] = side.ply % 2 ? [...side.pages].reverse() : side.pages;
  await opponent.evaluate(
    ([to, piece]: string[]) => window.relayProbe.watch(to, piece),
    [move.to, `${move.player} ${move.piece}`],
  );
  await makeMove(mover, move);
  const { shown, painted } = await opponent.evaluate(() => window.relayProbe.shown);
  const received = await opponent.evaluate(() => window.relayProbe.received);
  const released = await mover.evaluate(() => window.relayProbe.released);
  side.handled.push(shown - received);
  side.shown.push(shown - released);
  side.painted.push(painted - released);
  side.ply++;
}

/** Both pages' cumulative main-thread times (ms), by kind. */
async function cpuNow(side: Side): Promise<Record<Cpu, number>> {
  const total = Object.fromEntries(CPU.map((k) => [k, 0])) as Record<Cpu, number>;
  for (const session of side.sessions) {
    const { metrics } = await session.send('Performance.getMetrics');
    for (const { name, value } of metrics) if (name in total) total[name as Cpu] += value * 1000;
  }
  return total;
}

const figures = (side: Side) =>
  [side.shown, side.painted, side.handled].flatMap((xs) => [quantile(xs, 0.5), quantile(xs, 0.95)]);
const row = (name: string, cells: string[]) =>
  console.log(`${name.padEnd(10)}${cells.map((c) => c.padStart(13)).join('')}`);

function report(sides: Side[], loadBefore: string): void {
  console.log(
    `relay in the browser: ${MOVES} moves on each server after ${PLIES} plies, ${VIEWPORT.width}×${VIEWPORT.height}; ` +
      `load average ${loadBefore} before, ${load()} after`,
  );
  row('', ['shown p50', 'shown p95', 'painted p50', 'painted p95', 'handled p50', 'handled p95']);
  for (const side of sides)
    row(
      side.name,
      figures(side).map((x) => `${x.toFixed(1)} ms`),
    );
  if (sides.length === 2) {
    const [fresh, base] = sides.map(figures);
    row(
      'new/base',
      fresh.map((x, i) => `${(x / base[i]).toFixed(2)}×`),
    );
  }
  console.log("handled: from the frame's arrival in the opponent's page to the piece shown");
  console.log("both pages' main thread a move (ms): all tasks, script, layout, style");
  for (const side of sides)
    row(
      side.name,
      CPU.map((k) => (side.cpu[k] / MOVES).toFixed(2)),
    );
  console.log(`target: shown p95 at most ${TARGET_MS} ms on an idle machine (from the mover's pointerup)`);
}

async function main() {
  const browser = await launchChromium();
  const sides: Side[] = [];
  try {
    sides.push(await openSide(browser, 'new', resolve(NEW)));
    if (BASE) sides.push(await openSide(browser, 'base', resolve(BASE)));
    const loadBefore = load();
    const rounds = sides.length > 1 ? ROUNDS : 1;
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...sides].reverse() : sides;
      for (const side of order) {
        const end = PLIES + Math.round((MOVES * (round + 1)) / rounds);
        const before = await cpuNow(side);
        while (side.ply < end) await measureMove(side);
        const after = await cpuNow(side);
        for (const k of CPU) side.cpu[k] += after[k] - before[k];
      }
    }
    report(sides, loadBefore);
  } finally {
    for (const side of sides) await closeSide(side);
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
