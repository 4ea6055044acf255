import type { GameSummary } from '@sbc/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Board } from '../src/features/game/index.ts';
import { GameHistory, matches } from '../src/features/home/components/History.tsx';
import { decidedShare, StatisticsPanel, winRate } from '../src/features/home/components/Statistics.tsx';
import { gameResponse, newGame, renderApp } from './helpers.tsx';

const summary = (id: string, over: Partial<GameSummary> & { computer?: boolean }): GameSummary => {
  const { computer, ...rest } = over;
  const { gameState: _state, ...fields } = gameResponse(newGame());
  return {
    ...fields,
    id,
    gameState: { isComputerGame: computer ?? false, humanPlayer: 'white', aiDifficulty: 'medium' },
    ...rest,
  };
};

const GAMES: GameSummary[] = [
  summary('aaaaaaaa-1', { computer: true, status: 'checkmate', moveCount: 4 }),
  summary('bbbbbbbb-2', { status: 'active', currentTurn: 'black', moveCount: 3 }),
  summary('cccccccc-3', { roomId: 'r1', status: 'resigned' }),
];

function serve(routes: Record<string, unknown>) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const body = routes[String(input)];
    return body === undefined
      ? new Response('{"message":"Not found"}', { status: 404 })
      : new Response(JSON.stringify(body), { status: 200 });
  });
  return fetch;
}

describe('statistics', () => {
  it('computes the win rate and the decided share as docs/architecture.md §6 says', () => {
    expect(winRate({ total: 10, won: 3, lost: 1, drawn: 6, resigned: 0, abandoned: 0 })).toBe(0.75);
    expect(winRate({ total: 2, won: 0, lost: 0, drawn: 2, resigned: 0, abandoned: 0 })).toBeNull();
    expect(decidedShare({ total: 4, whiteWon: 1, blackWon: 2, drawn: 1, resigned: 0, abandoned: 0 })).toBe(
      0.75,
    );
  });

  it('shows the two cards', async () => {
    serve({
      '/api/games/statistics': {
        computerGames: { total: 5, won: 3, lost: 1, drawn: 1, resigned: 1, abandoned: 0 },
        twoPlayerGames: { total: 0, whiteWon: 0, blackWon: 0, drawn: 0, resigned: 0, abandoned: 0 },
      },
    });
    renderApp(<StatisticsPanel />);
    expect(await screen.findByRole('heading', { name: 'Player vs Computer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Multiplayer Games' })).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
  });
});

describe('game history', () => {
  it('filters All, Room, AI and Local', () => {
    expect(GAMES.filter((g) => matches(g, 'ai')).map((g) => g.id)).toEqual(['aaaaaaaa-1']);
    expect(GAMES.filter((g) => matches(g, 'local')).map((g) => g.id)).toEqual(['bbbbbbbb-2']);
    expect(GAMES.filter((g) => matches(g, 'room')).map((g) => g.id)).toEqual(['cccccccc-3']);
    expect(GAMES.filter((g) => matches(g, 'all'))).toHaveLength(3);
  });

  it('lists cards with status badges and opens the details with moves and a replay board, stepped by keys too', async () => {
    const user = userEvent.setup();
    const game = newGame({ mode: 'computer' });
    for (const t of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) game.playText(t);
    const full = { ...gameResponse(game), id: 'aaaaaaaa-1' };
    const fetch = serve({
      '/api/games': GAMES,
      '/api/games/aaaaaaaa-1': full,
      '/api/games/aaaaaaaa-1/moves': game.moves.map(
        ({ texts: _t, isCastling: _c, isEnPassant: _e, ...m }) => m,
      ),
    });
    renderApp(
      <GameHistory
        renderBoard={(s) => (
          <Board board={s.board} orientation="white" turn={s.currentPlayer} moves={[]} label="Replay board" />
        )}
      />,
    );
    const cards = await screen.findAllByRole('button', { name: /moves ·/ });
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('Checkmate')).toBeTruthy();
    expect(within(cards[1]).getByText('Active')).toBeTruthy();
    expect(within(cards[1]).getByText('Black to move')).toBeTruthy();
    expect(within(cards[0]).queryByText(/to move/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'AI' }));
    expect(screen.getAllByRole('button', { name: /moves ·/ })).toHaveLength(1);
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/moves'))).toBe(false);

    await user.click(screen.getByRole('button', { name: /vs Computer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Game Details' });
    expect(await within(dialog).findByText(/Qh4#/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('4 / 4')).toBeTruthy());
    const h4 = () => dialog.querySelector('[data-square="h4"]')?.getAttribute('aria-label');
    expect(h4()).toMatch(/^h4, black queen/);
    await user.click(within(dialog).getByRole('button', { name: 'First move' }));
    expect(within(dialog).getByText('0 / 4')).toBeTruthy();
    expect(h4()).toMatch(/^h4, empty/);
    await user.click(within(dialog).getByRole('button', { name: 'Next move' }));
    expect(dialog.querySelector('[data-square="f3"]')?.getAttribute('aria-label')).toMatch(/^f3, white pawn/);

    await user.keyboard('{End}');
    expect(within(dialog).getByText('4 / 4')).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByText('2 / 4')).toBeTruthy();
    expect(within(dialog).getByRole('button', { current: 'step' }).textContent).toBe('… e5');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('3 / 4')).toBeTruthy();
    await user.keyboard('{Home}');
    expect(h4()).toMatch(/^h4, empty/);
  });
});
