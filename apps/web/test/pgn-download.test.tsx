import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportPanel } from '../src/features/game/components/Controls.tsx';
import { gameResponse, newGame } from './helpers.tsx';

/** The files the page saved: each Blob handed to URL.createObjectURL, and the link's file name. */
function captureDownloads() {
  const files: { blob: Blob; name: string }[] = [];
  let last: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:pgn';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) files.push({ blob: last, name: this.download });
  });
  return files;
}

afterEach(() => vi.restoreAllMocks());

/** A Blob's text (jsdom's Blob has no text()). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('Download PGN', () => {
  it('is offered once the game is over and saves the game as PGN', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const game = newGame({ mode: 'computer', humanColor: 'white', aiDifficulty: 'hard' });
    for (const t of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) game.playText(t);
    const response = gameResponse(game, { createdAt: '2026-11-20T10:00:00.000Z' });
    render(<ExportPanel state={response.gameState} game={response} onFlip={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Download PGN' }));
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('shared-box-chess-2026-11-20-g1.pgn');
    const text = await readText(files[0].blob);
    expect(text).toContain(
      '[White "ada"]\n[Black "Computer (Hard)"]\n[Result "0-1"]\n[TimeControl "-"]\n[Variant "Shared Box Chess"]',
    );
    expect(text).toContain('[Date "2026.11.20"]');
    expect(text).toContain('\n\n1. f3 e5 2. g4 Qh4# 0-1\n');
  });

  it("writes a timed game's time control and the clocks the server sent after each move", async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const game = newGame();
    for (const t of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) game.playText(t);
    const untimed = gameResponse(game);
    const clock = { white: 58_000, black: 59_000, running: null, deadline: null, aborts: false };
    const response = gameResponse(game, {
      timeControl: { kind: 'clock', minutes: 1, increment: 0 },
      gameState: { ...untimed.gameState, clock: { ...clock, plies: [60_000, 60_000, 58_000, 59_000] } },
    });
    render(<ExportPanel state={response.gameState} game={response} onFlip={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Download PGN' }));
    const text = await readText(files[0].blob);
    expect(text).toContain('[TimeControl "60+0"]');
    expect(text).toContain(
      '1. f3 {[%clk 0:01:00]} e5 {[%clk 0:01:00]} 2. g4 {[%clk 0:00:58]} Qh4#\n{[%clk 0:00:59]} 0-1\n',
    );
  });

  it("names a rated online game's event as lichess does and writes the ratings at its start and the changes", async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const game = newGame({ mode: 'online' });
    for (const t of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) game.playText(t);
    const response = gameResponse(game, {
      blackPlayerId: 'u2',
      blackPlayer: { username: 'bo' },
      timeControl: { kind: 'clock', minutes: 3, increment: 2 },
      rated: true,
      ratings: {
        white: { rating: 1500, provisional: true, diff: -150 },
        black: { rating: 1712, provisional: false, diff: 9 },
      },
    });
    render(<ExportPanel state={response.gameState} game={response} onFlip={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Download PGN' }));
    const text = await readText(files[0].blob);
    expect(text).toContain('[Event "Rated Blitz game"]');
    expect(text).toContain(
      '[Result "0-1"]\n[WhiteElo "1500"]\n[BlackElo "1712"]\n[WhiteRatingDiff "-150"]\n[BlackRatingDiff "+9"]\n[TimeControl "180+2"]',
    );
  });

  it('is not offered while the game goes on', () => {
    const response = gameResponse(newGame());
    render(<ExportPanel state={response.gameState} game={response} onFlip={() => {}} />);
    expect(screen.getByRole('button', { name: 'Copy SBFEN' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PGN' })).toBeNull();
  });
});
