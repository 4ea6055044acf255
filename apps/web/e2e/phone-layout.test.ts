/**
 * End to end: the game screen on a phone (375 x 812) shows the players, the board, the one-line
 * move strip and the game controls in its first screen, with a toast covering neither the board nor
 * the controls, in a computer, a one-screen and an online game; at 1366 x 768 the wide layout stays.
 */
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { createRoom, inGame, joinRoom, person, register } from './live-support.ts';
import {
  panel,
  play,
  seedEngine,
  shoot,
  square,
  startGame,
  startWebServer,
  WAIT_MS,
  type WebServer,
  waitForMoves,
} from './support.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`not shown: ${locator}`);
  return box;
}

const inFirstScreen = (box: Box) => box.y >= 0 && box.y + box.height <= PHONE.viewport.height;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const board = (page: Page) => page.getByRole('grid', { name: 'Chess board' });
const strip = (page: Page) => page.getByTestId('move-list');
const controls = (page: Page) => panel(page, 'Game Controls');
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const toastShown = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/** Where the toast shows: read again while a newer toast takes the place of the one waited for. */
async function toastBox(page: Page): Promise<Box> {
  for (const end = Date.now() + WAIT_MS; Date.now() < end; await page.waitForTimeout(50)) {
    const box = await toastShown(page).last().boundingBox();
    if (box) return box;
  }
  throw new Error('no toast shown');
}

/**
 * At the top of the page: the board, both players' names, the move strip and `buttons` lie wholly in
 * the first 812 px, and so does the side to move's timer.
 */
async function expectFirstScreen(page: Page, names: string[], buttons: string[]): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const players = panel(page, 'Players');
  const parts: Record<string, Locator> = {
    board: board(page),
    strip: strip(page),
    timer: players.getByRole('timer'),
    ...Object.fromEntries(names.map((n) => [n, players.getByText(n, { exact: true })])),
    ...Object.fromEntries(buttons.map((b) => [b, button(controls(page), b)])),
  };
  const outside: string[] = [];
  for (const [name, locator] of Object.entries(parts)) {
    if (!inFirstScreen(await boxOf(locator))) outside.push(name);
  }
  expect(outside).toEqual([]);
}

/** The toast on screen covers neither the board nor the controls. */
async function expectToastAside(page: Page): Promise<void> {
  const toast = await toastBox(page);
  expect(overlaps(toast, await boxOf(board(page)))).toBe(false);
  expect(overlaps(toast, await boxOf(controls(page)))).toBe(false);
}

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'the game screen on a phone' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A registered player's page, with the computer seeded, and the player's username. */
  async function player(name: string, device: BrowserContextOptions = PHONE) {
    const page = await person(browser, server.url, errors, device);
    await seedEngine(page.context());
    const username = `${name}_${Date.now().toString(36)}`;
    await register(page, username);
    return { page, username };
  }

  it('a computer game: players, board, move strip, Undo/Redo/Draw/Resign in the first screen; a toast aside', async () => {
    const { page, username } = await player('cleo');
    await startGame(page, { computer: 'easy' });
    await play(page, 'e2', 'e4');
    await waitForMoves(page, 2);
    await shoot(page, 'phone-computer');
    await expectFirstScreen(page, [username, 'Computer (Easy)'], ['Undo', 'Redo', 'Draw', 'Resign']);
    await button(page, 'Undo').click();
    await toastShown(page).waitFor();
    await shoot(page, 'phone-computer-toast');
    await expectToastAside(page);
    expect(errors).toEqual([]);
  });

  it('a one-screen game: the strip keeps the latest move in view, and a tap on a move shows it', async () => {
    const { page } = await player('dora');
    await startGame(page, {});
    const moves = ['e2 e4', 'e7 e5', 'g1 f3', 'b8 c6', 'f1 c4', 'f8 c5', 'd2 d3', 'd7 d6', 'b1 c3', 'g8 f6'];
    for (const [i, m] of moves.entries()) {
      const [from, to] = m.split(' ');
      await play(page, from, to);
      await waitForMoves(page, i + 1);
    }
    await shoot(page, 'phone-local');
    await expectFirstScreen(page, ['White', 'Black'], ['Undo', 'Redo', 'Draw', 'Resign']);
    // The moves overflow the strip; the latest is in view.
    const list = strip(page);
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const visible = await boxOf(list);
    const latest = await boxOf(button(list, 'Nf6'));
    expect(latest.x >= visible.x - 1 && latest.x + latest.width <= visible.x + visible.width + 1).toBe(true);
    // A tap on the first move shows its position, as a click in the Move History does.
    await list.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await button(list, 'e4').tap();
    await page.getByRole('status').filter({ hasText: 'Move 1 of 10' }).waitFor();
    await square(page, 'e7', 'black pawn').waitFor();
    await shoot(page, 'phone-local-past');
    await button(page, 'Back to live position').click();
    await button(page, 'Undo').click();
    await toastShown(page).waitFor();
    await shoot(page, 'phone-local-toast');
    await expectToastAside(page);
    expect(errors).toEqual([]);
  });

  it('an online game: players, board, move strip, Draw/Resign in the first screen; a toast aside', async () => {
    const [ann, bob] = await Promise.all(
      ['Ann', 'Bob'].map(() => person(browser, server.url, errors, PHONE)),
    );
    const code = await createRoom(ann, 'Ann');
    await joinRoom(bob, code, 'Bob');
    await inGame([ann, bob]);
    await play(ann, 'e2', 'e4');
    await square(bob, 'e4', 'white pawn').waitFor({ timeout: WAIT_MS });
    await play(bob, 'e7', 'e5');
    await waitForMoves(ann, 2);
    await shoot(ann, 'phone-online');
    await shoot(bob, 'phone-online-bob');
    await expectFirstScreen(ann, ['Ann', 'Bob'], ['Draw', 'Resign']);
    // Undo and Redo, never offered online, take no room there.
    expect(await button(controls(ann), 'Undo').isVisible()).toBe(false);
    await button(ann, 'Draw').click();
    await ann
      .getByRole('dialog', { name: 'Offer a draw?' })
      .getByRole('button', { name: 'Request Draw' })
      .click();
    await toastShown(ann).waitFor();
    await shoot(ann, 'phone-online-toast');
    await expectToastAside(ann);
    expect(errors).toEqual([]);
  });

  it('at 1366 x 768 keeps the wide layout: the side column beside the board, Move History a table', async () => {
    const { page } = await player('eve', DESKTOP);
    await startGame(page, {});
    await play(page, 'e2', 'e4');
    await waitForMoves(page, 1);
    const boardBox = await boxOf(board(page));
    const players = await boxOf(panel(page, 'Players'));
    const status = await boxOf(panel(page, 'Game Status'));
    const gameControls = await boxOf(controls(page));
    const history = await boxOf(panel(page, 'Move History'));
    await shoot(page, 'desktop-local');
    // Where the wide layout put them before the phone's layout came (measured then).
    expect(boardBox).toEqual({ x: 59, y: 60, width: 576, height: 576 });
    expect({ x: players.x, y: players.y, width: players.width }).toEqual({ x: 651, y: 60, width: 340 });
    expect({ x: gameControls.x, width: gameControls.width }).toEqual({ x: 651, width: 340 });
    // The side column in its order, each card with its visible title.
    expect([players.y, status.y, gameControls.y, history.y]).toEqual(
      [players.y, status.y, gameControls.y, history.y].sort((a, b) => a - b),
    );
    for (const title of ['Players', 'Game Controls', 'Move History']) {
      expect((await boxOf(page.getByRole('heading', { name: title, exact: true }))).width).toBeGreaterThan(
        20,
      );
    }
    // Two buttons a row in the controls; the history's moves one full move a row.
    const undo = await boxOf(button(page, 'Undo'));
    expect((await boxOf(button(page, 'Draw'))).y).toBeGreaterThan(undo.y + undo.height);
    await play(page, 'e7', 'e5');
    await play(page, 'g1', 'f3');
    await waitForMoves(page, 3);
    const e4 = await boxOf(button(panel(page, 'Move History'), 'e4'));
    expect((await boxOf(button(panel(page, 'Move History'), 'Nf3'))).y).toBeGreaterThan(e4.y + e4.height - 1);
    await button(page, 'Undo').click();
    await toastShown(page).waitFor();
    // The toast at the bottom right, as before.
    const toast = await toastBox(page);
    expect(toast.y + toast.height).toBeGreaterThan(DESKTOP.viewport.height - 40);
    expect(toast.x + toast.width).toBeGreaterThan(DESKTOP.viewport.width - 40);
    expect(errors).toEqual([]);
  });
});
