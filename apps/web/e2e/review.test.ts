/**
 * End to end: looking back at a game and what the computer says to a draw. One player steps
 * through a finished game with the keys and downloads it as PGN, then offers the hard computer a
 * draw twice: a queen down (declined, the game goes on) and at the start (accepted, a draw by
 * agreement, the only draw the statistics count).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, MISSING_CHROMIUM } from './chromium.ts';
import { seededPlayer } from './live-support.ts';
import { definition, moveList, panel, play, shoot, square, startGame, WAIT_MS } from './support.ts';

/** White (the player, to move) has no queen: the computer, Black, is a queen up. */
const COMPUTER_QUEEN_UP = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1';

describe.skipIf(!HAS_CHROMIUM)(
  HAS_CHROMIUM ? 'Move navigation and draw offers in Chromium' : MISSING_CHROMIUM,
  () => {
    let page: Page;
    const pageErrors: string[] = [];
    let close = async () => {};

    beforeAll(async () => {
      ({ page, close } = await seededPlayer('nav', pageErrors));
    });

    afterAll(() => close());

    /** The move Move History marks as shown, or null at the start position. */
    const shownMove = async () => {
      const current = panel(page, 'Move History').locator('[aria-current="step"]');
      return (await current.count()) ? (await current.textContent())?.trim() : null;
    };

    /** Confirms a draw offer to the computer. */
    async function offerDraw() {
      await page.getByRole('button', { name: 'Draw', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Offer a draw?' });
      await confirm.getByRole('button', { name: 'Offer Draw' }).click();
      await confirm.waitFor({ state: 'hidden' });
    }

    it('steps back with ← right after a move played with the mouse; reached by Tab, the board keeps the arrows', async () => {
      await startGame(page, {});
      await play(page, 'e2', 'e4');
      await play(page, 'e7', 'e5');
      // The focus is on e5, clicked: the arrow keys are the move navigation's, as on lichess.
      await page.keyboard.press('ArrowLeft');
      await page.getByText('Move 1 of 2 · the board is read-only').waitFor();
      expect(await shownMove()).toBe('e4');
      await page.keyboard.press('End');
      await square(page, 'e5', 'black pawn').waitFor();

      await page.getByRole('link', { name: 'New Game' }).focus();
      await page.keyboard.press('Tab');
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-square'));
      expect(await focused()).toBe('e5');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowLeft');
      expect(await focused()).toBe('d6');
      expect(await shownMove()).toBe('e5');
    });

    it('steps through a finished game with ← → Home End, read-only, and downloads its PGN', async () => {
      await startGame(page, {});
      await play(page, 'f2', 'f3');
      await play(page, 'e7', 'e5');
      await play(page, 'g2', 'g4');
      await play(page, 'd8', 'h4');
      const over = page.getByRole('dialog', { name: 'Game Over' });
      await over.getByRole('button', { name: 'Continue Viewing' }).click();
      await over.waitFor({ state: 'hidden' });
      expect(await page.title()).toBe('Game · Shared Box Chess');
      expect(await shownMove()).toBe('Qh4#');

      // A click on a move shows its position; the keys then step from there.
      await panel(page, 'Move History').getByRole('button', { name: 'e5', exact: true }).click();
      await square(page, 'h4', 'empty').waitFor();
      await square(page, 'g4', 'empty').waitFor();
      await page.getByText('Move 2 of 4 · the board is read-only').waitFor();
      await page.keyboard.press('ArrowRight');
      await square(page, 'g4', 'white pawn').waitFor();
      expect(await shownMove()).toBe('g4');
      await page.keyboard.press('Home');
      await square(page, 'e7', 'black pawn').waitFor();
      await square(page, 'f2', 'white pawn').waitFor();
      await page.getByText('Start position · the board is read-only').waitFor();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await square(page, 'e5', 'black pawn').waitFor();
      await square(page, 'g2', 'white pawn').waitFor();
      await shoot(page, 'navigation-past');
      await page.keyboard.press('End');
      await square(page, 'h4', 'black queen').waitFor();
      await square(page, 'e1', 'white king.*in check').waitFor();
      expect(await shownMove()).toBe('Qh4#');
      expect(await page.getByText('the board is read-only').count()).toBe(0);
      expect(await moveList(page)).toEqual(['f3', 'e5', 'g4', 'Qh4#']);

      const exportPanel = panel(page, 'Board & Export');
      await shoot(page, 'pgn-button');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exportPanel.getByRole('button', { name: 'Download PGN' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^shared-box-chess-\d{4}-\d\d-\d\d-[\w-]+\.pgn$/);
      const text = await readFile(await download.path(), 'utf8');
      expect(text).toContain(
        '[Result "0-1"]\n[TimeControl "-"]\n[Variant "Shared Box Chess"]\n[SetUp "1"]\n',
      );
      expect(text).toContain('[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]');
      expect(text).toContain('\n\n1. f3 e5 2. g4 Qh4# 0-1\n');
      expect(pageErrors).toEqual([]);
    });

    it('the hard computer declines a draw when it is a queen up, and the game goes on', async () => {
      await startGame(page, { computer: 'hard', sbfen: COMPUTER_QUEEN_UP });
      await square(page, 'd1', 'empty').waitFor();
      await offerDraw();
      await page.getByText('The computer declines: it thinks its position is better.').first().waitFor();
      expect(await page.getByTestId('game-status').textContent()).toBe('Active');
      await expect
        .poll(() => page.getByRole('button', { name: 'Draw', exact: true }).isEnabled(), { timeout: WAIT_MS })
        .toBe(true);
      // The game goes on: the player moves and the computer answers.
      await play(page, 'e2', 'e4');
      await expect.poll(() => moveList(page), { timeout: WAIT_MS }).toHaveLength(2);
      expect(pageErrors).toEqual([]);
    });

    it('the hard computer accepts a draw in the equal start position: a draw by agreement, counted once', async () => {
      await startGame(page, { computer: 'hard' });
      await offerDraw();
      await page.getByText('The computer accepts your draw offer.').first().waitFor();
      await page.getByRole('alert').filter({ hasText: 'Game drawn by agreement.' }).waitFor();
      await expect
        .poll(() => page.getByTestId('game-status').textContent(), { timeout: WAIT_MS })
        .toBe('Draw');

      await page.goto('/');
      const vsComputer = panel(page, 'Player vs Computer');
      await vsComputer.waitFor();
      await expect.poll(() => definition(vsComputer, 'Games'), { timeout: WAIT_MS }).toBe('2');
      expect(await definition(vsComputer, 'Drawn')).toBe('1');
      expect(await definition(vsComputer, 'Won')).toBe('0');
      expect(await definition(vsComputer, 'Lost')).toBe('0');
      expect(pageErrors).toEqual([]);
    });
  },
);
