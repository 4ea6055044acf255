/**
 * End-to-end support: a real server on a free port with a fresh database, and small helpers that
 * find things by role and accessible name (Chromium itself: chromium.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { capitalize } from '@sbc/game';
import { startServer } from '@sbc/server/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ENGINE_SEED_KEY } from '../src/features/game/lib/engine.ts';
import { freePort } from './instances.ts';

/** How long a condition may take: the computer alone waits 1.5 to 3.5 s, and the machine may be busy. */
export const WAIT_MS = 20_000;

/** The built web app, which the global setup builds. */
const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export interface WebServer {
  url: string;
  /** The admin command on this server's database (`promote <username>`, `sponsorship add …`). */
  admin(...args: string[]): Promise<{ code: number; output: string }>;
  /** Runs SQL on this server's database: a test's seed of what would take weeks of play. */
  sql(query: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The real server (the built web app and the API) on 127.0.0.1 with a fresh in-memory PGlite (or a
 * new PostgreSQL database when DATABASE_URL is set), and `env` besides the test defaults. PUBLIC_URL
 * is the address the browser uses.
 */
export async function startWebServer(env: Record<string, string> = {}): Promise<WebServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = await startServer({ env: { ...env, PUBLIC_URL: url }, webRoot: WEB_DIST });
    try {
      await server.app.listen({ port, host: '127.0.0.1' });
      return {
        url,
        admin: (...args) => server.admin(...args),
        sql: (query) => server.app.services.database.db.execute(query),
        close: () => server.close(),
      };
    } catch (error) {
      await server.close();
      // Another process took the port between the probe and the listen: try another one.
      if (attempt >= 3 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/**
 * Seeds the computer's random choices in every page of `context` (the app reads ENGINE_SEED_KEY
 * from localStorage), so that its replies, and the journeys, are the same on every run.
 */
export async function seedEngine(context: BrowserContext, seed = 1): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // A frame without storage (about:blank) runs no engine.
      }
    },
    [ENGINE_SEED_KEY, String(seed)],
  );
}

/**
 * With E2E_SHOTS=<folder>, saves the page as <folder>/<name>.png (the online journeys' pictures of
 * the boards, the spectator and the defender's choice); nothing otherwise.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`) });
}

// ---- Finding things ----

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A square of the board by its coordinate: its name is "e4, white knight and white pawn, ...". */
export const square = (page: Page, coordinate: string, rest = ''): Locator =>
  page
    .getByRole('grid', { name: 'Chess board' })
    .getByRole('button', { name: new RegExp(`^${coordinate}, ${rest}`) });

/** A card of the page (a section) by its heading. */
export const panel = (page: Page, title: string): Locator =>
  page.getByRole('heading', { name: title, exact: true }).locator('xpath=parent::section');

/** The moves of the Move History panel, in order (without move numbers and '...'). */
export async function moveList(page: Page): Promise<string[]> {
  const cells = await panel(page, 'Move History').getByRole('cell').allTextContents();
  return cells.map((c) => c.trim()).filter((c) => !/^\d+\.$/.test(c) && c !== '...');
}

/** Waits until the Move History shows exactly `count` moves, and returns them. */
export async function waitForMoves(page: Page, count: number): Promise<string[]> {
  await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(count);
  return moveList(page);
}

/**
 * Plays a move by clicking: the piece, then its square among the marked destinations. While an
 * earlier move is still being saved (or the computer is thinking) the board offers no moves, so the
 * piece is clicked again until its destinations show.
 */
export async function play(page: Page, from: string, to: string): Promise<void> {
  const source = square(page, from);
  const target = square(page, to, '.*possible move');
  await expect
    .poll(
      async () => {
        if ((await target.count()) > 0) return true;
        if ((await source.getAttribute('aria-pressed')) !== 'true') await source.click();
        return (await target.count()) > 0;
      },
      { timeout: WAIT_MS, interval: 100 },
    )
    .toBe(true);
  await target.click();
}

/** The value next to a label in a definition list (statistics, panels). */
export async function definition(scope: Locator, term: string): Promise<string> {
  const dd = scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(term)}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
  return ((await dd.textContent()) ?? '').trim();
}

/** Closes the Development Notice that /auth shows on arrival. */
export async function acknowledgeNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Development Notice' });
  await notice.getByRole('button', { name: 'I understand' }).click();
  await notice.waitFor({ state: 'hidden' });
}

/**
 * Opens the Start New Game dialog from the signed-in home and starts a game; resolves on the game
 * screen with its board shown.
 */
export async function startGame(
  page: Page,
  options: { computer?: 'easy' | 'medium' | 'hard'; sbfen?: string; via?: 'Start Playing' | 'New Game' },
): Promise<void> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('button', { name: options.via ?? 'Start Playing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Game' });
  await dialog.waitFor();
  if (options.computer) {
    await dialog.getByRole('radio', { name: 'Against the computer' }).check();
    await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
    await dialog.getByRole('radio', { name: capitalize(options.computer) }).check();
  } else {
    await dialog.getByRole('radio', { name: 'Two players (this screen)' }).check();
  }
  if (options.sbfen) await dialog.getByLabel(/Starting position/).fill(options.sbfen);
  await dialog.getByRole('button', { name: 'Start Game' }).click();
  await page.waitForURL(/\/game\/[^/]+$/, { timeout: WAIT_MS });
  await page.getByRole('grid', { name: 'Chess board' }).waitFor({ timeout: WAIT_MS });
}
