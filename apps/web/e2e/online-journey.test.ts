/**
 * End to end: a room's games in three browser contexts against the real server (docs/api.md §7).
 * Ann (signed in) hosts, Bob (a guest) joins, Carol (signed in) watches. The first game reaches a
 * checkmate through an attack on a double box (Bob attacks, Ann chooses in her own browser while
 * Bob is told she is choosing); the rematch is drawn after a rejected offer; a third game ends by
 * resignation. Each move shows on the opponent's and on the spectator's board within a second;
 * the spectator sees every move and never moves. A second server with a short inactivity limit
 * ends an idle game by the server's sweep. With E2E_SHOTS=<folder> it saves pictures there.
 */
import { ABANDONMENT_CHECK_MS } from '@sbc/game';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { createRoom, inGame, joinRoom, person, RELAY_MS, register, relayed } from './live-support.ts';
import { moveList, play, shoot, square, startWebServer, WAIT_MS, type WebServer } from './support.ts';

/** A move of the line: who plays it, from, to, and what then stands on `to`. */
type Move = [mover: 'ann' | 'bob', from: string, to: string, piece: string];

/** 1.e3 e5 2.Nf3 Bc5 3.Nc3 Bd4 4.Nxd4+SB (a knight and a copied bishop: a double box), then 4...exd4. */
const TO_THE_ATTACK: Move[] = [
  ['ann', 'e2', 'e3', 'white pawn'],
  ['bob', 'e7', 'e5', 'black pawn'],
  ['ann', 'g1', 'f3', 'white knight'],
  ['bob', 'f8', 'c5', 'black bishop'],
  ['ann', 'b1', 'c3', 'white knight'],
  ['bob', 'c5', 'd4', 'black bishop'],
  ['ann', 'f3', 'd4', 'white knight and white bishop'],
];
/** After White gives up the knight: 5.Bc4 a6 6.Qh5 a5 7.Qxf7#. */
const TO_THE_MATE: Move[] = [
  ['ann', 'f1', 'c4', 'white bishop'],
  ['bob', 'a7', 'a6', 'black pawn'],
  ['ann', 'd1', 'h5', 'white queen'],
  ['bob', 'a6', 'a5', 'black pawn'],
  ['ann', 'h5', 'f7', 'white queen'],
];
const MATE_NOTATION = [
  'e3',
  'e5',
  'Nf3',
  'Bc5',
  'Nc3',
  'Bd4',
  'Nxd4+SB',
  // White's defender choice, beside Black's attack.
  'exd4 N sacrificed',
  'Bc4',
  'a6',
  'Qh5',
  'a5',
  'Qxf7#',
];

const suffix = Date.now().toString(36);
const spectatorCount = (page: Page) => page.getByText(/^Spectators:/).textContent();
const status = (page: Page) => page.getByTestId('game-status').textContent();

/** Waits for the Game Over dialog, checks its text, and closes it (Escape) to show the board again. */
async function gameOver(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Game Over' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'A room’s games in three browsers' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  const pageErrors: string[] = [];
  let ann: Page;
  let bob: Page;
  let carol: Page;
  let gameId: string;
  /** Every relay measured, from the click to the piece on the other board, in ms. */
  const relays: number[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
    [ann, bob, carol] = await Promise.all([0, 1, 2].map(() => person(browser, server.url, pageErrors)));
  });

  afterAll(async () => {
    if (relays.length) {
      const sorted = [...relays].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.info(`[e2e] ${relays.length} relays: median ${median} ms, max ${sorted.at(-1)} ms`);
    }
    await browser?.close();
    await server?.close();
  });

  /** Plays the moves, each seen by the opponent and the spectator within RELAY_MS. */
  async function playLine(line: Move[]): Promise<void> {
    const players = { ann, bob };
    for (const [mover, from, to, piece] of line) {
      const opponent = mover === 'ann' ? bob : ann;
      const times = await relayed(players[mover], [opponent, carol], from, to, piece);
      relays.push(...times);
      expect(Math.max(...times), `${from}${to}`).toBeLessThan(RELAY_MS);
    }
  }

  it('plays to checkmate through a defender choice, watched by a spectator who cannot move', async () => {
    await register(ann, `ann_${suffix}`);
    await register(carol, `carol_${suffix}`);
    const code = await createRoom(ann);
    await joinRoom(bob, code, 'Bob');
    gameId = await inGame([ann, bob]);
    await carol.goto(`/game/${gameId}`);
    await inGame([carol]);
    await ann.getByText('You play White').waitFor();
    await bob.getByText('You play Black').waitFor();
    await carol.getByText('You are watching as a spectator').waitFor();
    for (const page of [ann, bob, carol]) {
      await expect.poll(() => spectatorCount(page), { timeout: WAIT_MS }).toBe('Spectators: 1');
    }

    // The spectator has no controls, and a click selects nothing.
    expect(await carol.getByRole('heading', { name: 'Game Controls' }).count()).toBe(0);
    expect(await carol.getByRole('button', { name: 'Resign' }).count()).toBe(0);
    await square(carol, 'e2').click();
    expect(await square(carol, 'e2').getAttribute('aria-pressed')).not.toBe('true');
    expect(await square(carol, 'e3', '.*possible move').count()).toBe(0);

    await playLine(TO_THE_ATTACK);
    // Bob's pawn attacks the double box: Ann chooses in her browser, Bob and Carol are told.
    await play(bob, 'e5', 'd4');
    const attackedAt = Date.now();
    const defend = ann.getByRole('dialog', { name: 'Your shared box is under attack!' });
    await defend.waitFor();
    relays.push(Date.now() - attackedAt);
    expect(relays.at(-1)).toBeLessThan(RELAY_MS);
    for (const page of [bob, carol]) {
      await page.getByText('White is choosing which piece to sacrifice...').waitFor();
    }
    expect(await defend.getByRole('button').allTextContents()).toEqual(['Knight', 'Bishop']);
    await shoot(ann, 'defender-choice-ann');
    await shoot(bob, 'defender-choice-bob-waits');
    await defend.getByRole('button', { name: 'Knight' }).click();
    const chosenAt = Date.now();
    for (const page of [bob, carol]) {
      await square(page, 'd4', 'white bishop and black pawn').waitFor();
      relays.push(Date.now() - chosenAt);
    }
    expect(Math.max(...relays.slice(-2))).toBeLessThan(RELAY_MS);

    await playLine(TO_THE_MATE.slice(0, 4));
    await shoot(ann, 'mid-game-ann');
    await shoot(bob, 'mid-game-bob');
    await shoot(carol, 'mid-game-spectator');
    await playLine(TO_THE_MATE.slice(4));
    for (const page of [ann, bob, carol]) {
      await gameOver(page, 'Checkmate! White wins!');
      expect(await moveList(page)).toEqual(MATE_NOTATION);
      expect(await status(page)).toBe('Checkmate');
    }
    expect(pageErrors).toEqual([]);
  });

  it('plays the rematch with the colours swapped: a draw offer rejected, then one accepted', async () => {
    await ann.getByRole('button', { name: 'Offer Rematch' }).click();
    await bob.getByRole('button', { name: 'Accept Rematch' }).click();
    // The spectator follows the room to its new game.
    const first = gameId;
    gameId = await inGame([ann, bob, carol], first);
    await ann.getByText('You play Black').waitFor();
    await bob.getByText('You play White').waitFor();
    await carol.getByText('You are watching as a spectator').waitFor();
    await playLine([
      ['bob', 'e2', 'e4', 'white pawn'],
      ['ann', 'e7', 'e5', 'black pawn'],
    ]);

    await offerDraw(bob);
    await bob.getByRole('button', { name: 'Draw Pending' }).waitFor();
    await answerDraw(ann, 'Reject');
    await bob.getByText('Draw Rejected', { exact: true }).first().waitFor();
    await bob.getByRole('button', { name: 'Draw', exact: true }).waitFor();
    await playLine([['bob', 'g1', 'f3', 'white knight']]);

    await offerDraw(ann);
    await answerDraw(bob, 'Accept');
    for (const page of [ann, bob]) await page.getByText('Draw Accepted', { exact: true }).first().waitFor();
    for (const page of [ann, bob, carol]) {
      await gameOver(page, 'draw');
      expect(await status(page)).toBe('Draw');
    }
    expect(await moveList(carol)).toEqual(['e4', 'e5', 'Nf3']);
    expect(pageErrors).toEqual([]);
  });

  it('plays a third game, ended by a resignation', async () => {
    await bob.getByRole('button', { name: 'Offer Rematch' }).click();
    await ann.getByRole('button', { name: 'Accept Rematch' }).click();
    gameId = await inGame([ann, bob, carol], gameId);
    await ann.getByText('You play White').waitFor();
    await playLine([['ann', 'e2', 'e4', 'white pawn']]);
    await bob.getByRole('button', { name: 'Resign' }).click();
    await bob
      .getByRole('dialog', { name: 'Resign the game?' })
      .getByRole('button', { name: 'Resign' })
      .click();
    await bob.getByText('You have resigned from the game', { exact: true }).waitFor();
    await ann.getByText('You Won!', { exact: true }).first().waitFor();
    for (const page of [ann, bob, carol]) {
      await gameOver(page, 'Black has resigned.');
      expect(await status(page)).toBe('Resigned');
    }
    expect(pageErrors).toEqual([]);
  });
});

async function offerDraw(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Draw', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Offer a draw?' })
    .getByRole('button', { name: 'Request Draw' })
    .click();
}

/** The opponent sees the offer, opens it with Respond to Draw and answers. */
async function answerDraw(page: Page, answer: 'Accept' | 'Reject'): Promise<void> {
  await page.getByText('Draw Request', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Respond to Draw' }).click();
  await page.getByRole('dialog', { name: 'Draw Request' }).getByRole('button', { name: answer }).click();
}

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'An idle online game' : MISSING_CHROMIUM, () => {
  /** 6 s: the server's config takes fractions of a minute. */
  const INACTIVITY_MINUTES = 0.1;
  let server: WebServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startWebServer({ INACTIVITY_MINUTES: String(INACTIVITY_MINUTES) }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('ends by the server’s inactivity sweep: the side to move loses, both are told', async () => {
    const [ann, bob] = await Promise.all([0, 1].map(() => person(browser, server.url, pageErrors)));
    const code = await createRoom(ann, 'Ann');
    await joinRoom(bob, code, 'Bob');
    await inGame([ann, bob]);
    // White never moves: the sweep (every 10 s) ends the game once the limit has passed.
    const timeout = INACTIVITY_MINUTES * 60_000 + ABANDONMENT_CHECK_MS + WAIT_MS;
    await bob.getByText('You Won!', { exact: true }).first().waitFor({ timeout });
    await ann.getByText('Game Over', { exact: true }).first().waitFor();
    for (const page of [ann, bob]) {
      await gameOver(page, 'Game abandoned! Black wins by default.');
      expect(await status(page)).toBe('Abandoned');
    }
    expect(pageErrors).toEqual([]);
  });
});
