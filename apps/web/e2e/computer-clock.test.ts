/**
 * End to end: the hard computer keeps its time on a ¼+0 clock, its search in the page's Web Worker,
 * its moves charged by the real server; in Debian's Chromium on a fresh database. The clock's
 * arithmetic is the same in both modes: the game is ordinary chess, which the test's human plays
 * by plain clicks.
 */
import { Engine, Line } from '@sbc/ai';
import type { GameResponse } from '@sbc/api';
import { isLive } from '@sbc/game';
import { legalMoves, moveText } from '@sbc/rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM } from './chromium.ts';
import { seededPlayer } from './live-support.ts';
import { play, shoot, waitForMoves } from './support.ts';

/** The computer's moves watched: enough to spend most of a 15 s clock at hard's old pace. */
const COMPUTER_MOVES = 12;

const readGame = async (page: Page, id: string): Promise<GameResponse> =>
  (await page.context().request.get(`/api/games/${id}`)).json();

const PLAIN = /^([a-h][1-8])([a-h][1-8])$/;

/**
 * The human's reply (White): a 2-ply search, so that the game lasts, unless it promotes (a dialog's
 * choice); then the first legal move that does not.
 */
function reply(engine: Engine, game: GameResponse): { from: string; to: string } {
  const { startSbfen, moveHistory, standard } = game.gameState;
  const line = Line.from(
    startSbfen,
    moveHistory.flatMap((m) => m.texts),
    standard,
  );
  if (!line.ok) throw new Error(line.error);
  const pos = line.value.pos;
  const texts = [
    engine.think(line.value, { limits: { depth: 2 } }).text,
    ...legalMoves(pos).map((m) => moveText(pos, m)),
  ];
  const plain = texts.map((t) => PLAIN.exec(t)).find((m) => m !== null);
  if (!plain) throw new Error(`no plain move among ${texts.join(' ')}`);
  return { from: plain[1], to: plain[2] };
}

describe.skipIf(!HAS_CHROMIUM)('the computer on the clock in Chromium', () => {
  let page: Page;
  const errors: string[] = [];
  let close = async () => {};

  beforeAll(async () => {
    ({ page, close } = await seededPlayer('clock', errors));
  });

  afterAll(() => close());

  it('plays hard on ¼+0 and never runs out of its 15 s', async () => {
    const created = await page.context().request.post('/api/games', {
      data: {
        isComputerGame: true,
        humanPlayer: 'white',
        aiDifficulty: 'hard',
        // Ordinary chess: no boxes, so the human's every move is a click from one square to another.
        standard: true,
        timeControl: { kind: 'clock', minutes: 0.25, increment: 0 },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as GameResponse;
    await page.goto(`/game/${id}`);
    await page.getByRole('grid', { name: 'Chess board' }).waitFor();
    const engine = new Engine(16);
    let least = 15_000;
    let n = 1;
    for (; n <= COMPUTER_MOVES; n++) {
      const before = await readGame(page, id);
      if (!isLive(before.gameState.gameStatus)) break;
      const { from, to } = reply(engine, before);
      await play(page, from, to);
      await waitForMoves(page, 2 * n);
      const after = await readGame(page, id);
      const black = after.gameState.clock?.black ?? 0;
      least = Math.min(least, black);
      expect(after.status).not.toBe('outoftime');
      expect(black).toBeGreaterThan(0);
    }
    // A mate may end the game early, not before the computer has moved for a while.
    expect(n).toBeGreaterThan(8);
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 1000 ? 768 : 812 });
      await shoot(page, `computer-clock-${width}`);
    }
    // It spent its time as its cap says: about a thirtieth of what was left a move, not 5 s.
    expect(least).toBeGreaterThan(5000);
    expect(errors).toEqual([]);
  });
});
