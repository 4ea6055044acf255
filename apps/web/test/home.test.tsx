import { type GamePage, type GameSummary, pageCursor } from '@sbc/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Board } from '../src/features/game/index.ts';
import { GameHistory } from '../src/features/home/components/History.tsx';
import { decidedShare, StatisticsPanel, winRate } from '../src/features/home/components/Statistics.tsx';
import { YourTurn } from '../src/features/home/components/YourTurn.tsx';
import { gameResponse, newGame, renderApp } from './helpers.tsx';

const summary = (id: string, over: Partial<GameSummary> & { computer?: boolean }): GameSummary => {
  const { computer, ...rest } = over;
  const { gameState: _state, ...fields } = gameResponse(newGame());
  return {
    ...fields,
    id,
    mode: computer ? 'computer' : rest.roomId ? 'online' : 'local',
    gameState: {
      isComputerGame: computer ?? false,
      humanPlayer: 'white',
      aiDifficulty: 'medium',
      drawByAgreement: false,
      endDrawReason: null,
    },
    ...rest,
  };
};

const GAMES: GameSummary[] = [
  summary('aaaaaaaa-1', { computer: true, status: 'checkmate', moveCount: 4 }),
  summary('bbbbbbbb-2', { status: 'active', currentTurn: 'black', moveCount: 3 }),
  summary('cccccccc-3', { roomId: 'r1', status: 'resigned' }),
];

/** One page holding `items`, as GET /api/games answers. */
const page = (items: GameSummary[], at = 1, total = items.length): GamePage => ({
  items,
  page: at,
  pageSize: 24,
  total,
  totalPages: Math.max(1, Math.ceil(total / 24)),
});

const renderHistory = () =>
  renderApp(
    <GameHistory
      renderBoard={(s) => (
        <Board board={s.board} orientation="white" turn={s.currentPlayer} moves={[]} label="Replay board" />
      )}
    />,
  );

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
  it('asks the server for each filter, All, Room, AI and Local, from its first page', async () => {
    const user = userEvent.setup();
    const fetch = serve({
      '/api/games?page=1': page(GAMES),
      '/api/games?page=1&mode=online': page([GAMES[2]]),
      '/api/games?page=1&mode=computer': page([GAMES[0]]),
      '/api/games?page=1&mode=local': page([GAMES[1]]),
    });
    renderHistory();
    expect(await screen.findAllByRole('button', { name: /move.? ·/ })).toHaveLength(3);
    for (const [filter, id] of [
      ['Room', 'cccccccc'],
      ['AI', 'aaaaaaaa'],
      ['Local', 'bbbbbbbb'],
    ]) {
      await user.click(screen.getByRole('button', { name: filter }));
      await waitFor(() => expect(screen.getAllByRole('button', { name: /move.? ·/ })).toHaveLength(1));
      expect(screen.getByRole('button', { name: new RegExp(`#${id}`) })).toBeTruthy();
    }
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(expect.arrayContaining(['/api/games?page=1&mode=computer']));
  });

  it('pages through every game: Next reads after the last card, Previous goes back', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 30 }, (_, i) =>
      summary(`${String(i).padStart(8, '0')}-x`, {
        createdAt: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
      }),
    );
    const [first, second] = [all.slice(0, 24), all.slice(24)];
    serve({
      '/api/games?page=1': page(first, 1, 30),
      [`/api/games?page=2&after=${encodeURIComponent(pageCursor(first[23]))}`]: page(second, 2, 30),
    });
    renderHistory();
    expect(await screen.findAllByRole('button', { name: /move.? ·/ })).toHaveLength(24);
    expect(screen.getByText('Page 1 of 2 · 30 in all')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 30 in all')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /move.? ·/ })).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2 · 30 in all')).toBeTruthy();
  });

  it("says on each finished card who won, from the player's side, and how; and 1 move, not 1 moves", async () => {
    const me = 'user-me';
    const online = (id: string, over: Partial<GameSummary>) =>
      summary(id, { roomId: 'r1', whitePlayerId: 'user-other', blackPlayerId: me, ...over });
    serve({
      '/api/user': { id: me, username: 'me' },
      '/api/games?page=1': page([
        summary('aaaaaaaa-1', { computer: true, status: 'checkmate', winner: 'white', moveCount: 1 }),
        online('bbbbbbbb-2', { status: 'resigned', winner: 'white' }),
        online('cccccccc-3', { status: 'abandoned', winner: 'black' }),
        online('dddddddd-4', {
          status: 'draw',
          gameState: {
            isComputerGame: false,
            humanPlayer: 'white',
            aiDifficulty: 'medium',
            drawByAgreement: true,
            endDrawReason: null,
          },
        }),
        summary('eeeeeeee-5', { status: 'checkmate', winner: 'black' }),
        summary('ffffffff-6', { status: 'draw' }),
        summary('00000000-7', { status: 'active' }),
      ]),
    });
    renderHistory();
    const cards = await screen.findAllByRole('button', { name: /move.? ·/ });
    await waitFor(() => expect(within(cards[0]).getByText('Won by checkmate')).toBeTruthy());
    expect(within(cards[0]).getByText(/^1 move ·/)).toBeTruthy();
    expect(within(cards[1]).getByText('Lost by resignation')).toBeTruthy();
    expect(within(cards[2]).getByText('Won by abandonment')).toBeTruthy();
    expect(within(cards[3]).getByText('Drawn by agreement')).toBeTruthy();
    expect(within(cards[4]).getByText('Black won by checkmate')).toBeTruthy();
    expect(within(cards[5]).getByText('Drawn by rule')).toBeTruthy();
    expect(within(cards[6]).queryByText(/Won|Lost|Drawn/)).toBeNull();
    expect(within(cards[6]).getByText(/^0 moves ·/)).toBeTruthy();
  });

  it("says how a timed game ended: on time, aborted, the clocks' draws; and shows its time control", async () => {
    const me = 'user-me';
    const online = (id: string, over: Partial<GameSummary>) =>
      summary(id, {
        roomId: 'r1',
        whitePlayerId: 'user-other',
        blackPlayerId: me,
        timeControl: { kind: 'clock', minutes: 3, increment: 2 },
        ...over,
      });
    const draw = (endDrawReason: GameSummary['gameState']['endDrawReason']) => ({
      status: 'draw' as const,
      gameState: {
        isComputerGame: false,
        humanPlayer: 'white' as const,
        aiDifficulty: 'medium' as const,
        drawByAgreement: false,
        endDrawReason,
      },
    });
    serve({
      '/api/user': { id: me, username: 'me' },
      '/api/games?page=1': page([
        online('aaaaaaaa-1', { status: 'outoftime', winner: 'white' }),
        online('bbbbbbbb-2', { status: 'outoftime', winner: 'black' }),
        online('cccccccc-3', { status: 'aborted', winner: null }),
        online('dddddddd-4', draw('timeout-vs-insufficient')),
        online('eeeeeeee-5', draw('opponent-left')),
        summary('ffffffff-6', { status: 'outoftime', winner: 'black' }),
      ]),
    });
    renderHistory();
    const cards = await screen.findAllByRole('button', { name: /move.? ·/ });
    await waitFor(() => expect(within(cards[0]).getByText('Lost on time')).toBeTruthy());
    expect(within(cards[0]).getByText('Out of time')).toBeTruthy();
    expect(within(cards[0]).getByText('3+2 • Blitz')).toBeTruthy();
    expect(within(cards[1]).getByText('Won on time')).toBeTruthy();
    expect(within(cards[2]).getAllByText('Aborted')).toHaveLength(2);
    expect(within(cards[3]).getByText('Drawn on time')).toBeTruthy();
    expect(within(cards[4]).getByText('Drawn: opponent left')).toBeTruthy();
    expect(within(cards[5]).getByText('Black won on time')).toBeTruthy();
    expect(within(cards[5]).queryByText(/Untimed/)).toBeNull();
  });

  it("marks a rated game's card Rated with the change to the player's rating; a casual one has neither", async () => {
    const me = 'user-me';
    const online = (id: string, over: Partial<GameSummary>) =>
      summary(id, {
        roomId: 'r1',
        whitePlayerId: 'user-other',
        blackPlayerId: me,
        timeControl: { kind: 'clock', minutes: 3, increment: 2 },
        status: 'resigned',
        winner: 'black',
        ...over,
      });
    serve({
      '/api/user': { id: me, username: 'me' },
      '/api/games?page=1': page([
        online('aaaaaaaa-1', {
          rated: true,
          ratings: {
            white: { rating: 1620, provisional: false, diff: -9 },
            black: { rating: 1500, provisional: true, diff: 12 },
          },
        }),
        online('bbbbbbbb-2', {
          ratings: {
            white: { rating: 1620, provisional: false, diff: null },
            black: { rating: 1512, provisional: true, diff: null },
          },
        }),
      ]),
    });
    renderHistory();
    const cards = await screen.findAllByRole('button', { name: /move.? ·/ });
    await waitFor(() => expect(within(cards[0]).getByTestId('rating-diff').textContent).toBe('+12'));
    expect(within(cards[0]).getByText('Rated')).toBeTruthy();
    expect(within(cards[1]).getByText('Won by resignation')).toBeTruthy();
    expect(within(cards[1]).queryByText('Rated')).toBeNull();
    expect(within(cards[1]).queryByTestId('rating-diff')).toBeNull();
  });

  it('lists cards with status badges and opens the details with moves and a replay board, stepped by keys too', async () => {
    const user = userEvent.setup();
    const game = newGame({ mode: 'computer' });
    for (const t of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) game.playText(t);
    const full = { ...gameResponse(game), id: 'aaaaaaaa-1' };
    const fetch = serve({
      '/api/games?page=1': page(GAMES),
      '/api/games/aaaaaaaa-1': full,
      '/api/games/aaaaaaaa-1/moves': game.moves.map(
        ({ texts: _t, isCastling: _c, isEnPassant: _e, ...m }) => m,
      ),
    });
    renderHistory();
    const cards = await screen.findAllByRole('button', { name: /moves ·/ });
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('Checkmate')).toBeTruthy();
    expect(within(cards[1]).getByText('Active')).toBeTruthy();
    expect(within(cards[1]).getByText('Black to move')).toBeTruthy();
    expect(within(cards[0]).queryByText(/to move/)).toBeNull();
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

describe("'Your turn' on the signed-in home", () => {
  it("lists the user's online games where it is their move, correspondence first with the time left to move", async () => {
    const me = 'user-me';
    const lastMoveAt = new Date(Date.now() - 3_600_000).toISOString();
    const mine = (id: string, over: Partial<GameSummary>) =>
      summary(id, {
        roomId: 'r1',
        whitePlayerId: me,
        blackPlayerId: 'user-bob',
        blackPlayer: { username: 'bob' },
        currentTurn: 'white',
        lastMoveAt,
        ...over,
      });
    const fetch = serve({
      '/api/games?turn=mine': page([
        mine('cccccccc-3', { timeControl: { kind: 'clock', minutes: 10, increment: 0 } }),
        mine('aaaaaaaa-1', { timeControl: { kind: 'correspondence', days: 3 } }),
        mine('bbbbbbbb-2', { timeControl: { kind: 'correspondence', days: 1 } }),
        // Not the user's move, or over: not listed whatever the server sent.
        mine('dddddddd-4', { currentTurn: 'black', timeControl: { kind: 'correspondence', days: 3 } }),
        mine('eeeeeeee-5', { status: 'outoftime', timeControl: { kind: 'correspondence', days: 3 } }),
        // A game at one screen: both sides are the user's.
        summary('ffffffff-6', { whitePlayerId: me, blackPlayerId: me }),
      ]),
    });
    renderApp(<YourTurn me={me} />);
    expect(await screen.findByRole('heading', { name: 'Your turn' })).toBeTruthy();
    const rows = screen.getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual([
      'vs bob3 days • Correspondence2 days left',
      'vs bob1 day • Correspondence22 h 59 min left',
      'vs bob10+0 • Rapid',
    ]);
    expect(rows[0].getAttribute('href')).toBe('/game/aaaaaaaa-1');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/games?turn=mine');
  });

  it("shows nothing while it is nobody's turn of the user's", async () => {
    const fetch = serve({ '/api/games?turn=mine': page([]) });
    const { container } = renderApp(<YourTurn me="user-me" />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
