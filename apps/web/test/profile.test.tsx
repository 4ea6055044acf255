import type { GameSummary, PlayerGamePage, Profile, RatingHistory } from '@sbc/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chartData, chartSummary } from '../src/features/players/lib/history.ts';
import { ProfilePage } from '../src/features/players/pages.ts';
import { type Answer, gameResponse, newGame, renderApp, serve } from './helpers.tsx';

// jsdom has no canvas: uPlot is replaced by a fake that keeps what each chart was given.
const charts = vi.hoisted(() => [] as { data: unknown; el: HTMLElement }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(_options: unknown, data: unknown, el: HTMLElement) {
      charts.push({ data, el });
    }
    setSize() {}
    destroy() {}
  },
}));

const PROFILE: Profile = {
  username: 'ada',
  createdAt: '2025-09-13T10:00:00.000Z',
  tosViolation: false,
  ratings: [
    { speed: 'rapid', rating: 1500, deviation: 300, provisional: true, games: 1, progress: -12 },
    { speed: 'blitz', rating: 1612, deviation: 64, provisional: false, games: 40, progress: 34 },
  ],
  counts: { played: 41, won: 25, lost: 12, drawn: 4 },
  playing: null,
};

const DAY = 86_400_000;
const HISTORY: RatingHistory = [
  {
    speed: 'blitz',
    points: [
      { at: 100 * DAY, rating: 1500 },
      { at: 101 * DAY, rating: 1612 },
    ],
  },
  { speed: 'rapid', points: [{ at: 102 * DAY, rating: 1500 }] },
];

const { gameState: _state, ...fields } = gameResponse(newGame());
/** A finished blitz game of ada's against bob, rated: ada won and gained 9. */
const game = (id: string, extra: Partial<GameSummary> = {}): GameSummary => ({
  ...fields,
  id,
  mode: 'online',
  roomId: 'r1',
  whitePlayerId: 'u1',
  blackPlayerId: 'u2',
  whitePlayer: { username: 'ada' },
  blackPlayer: { username: 'bob' },
  status: 'resigned',
  winner: 'white',
  moveCount: 24,
  timeControl: { kind: 'clock', minutes: 3, increment: 2 },
  rated: true,
  ratings: {
    white: { rating: 1603, provisional: false, diff: 9 },
    black: { rating: 1580, provisional: false, diff: -9 },
  },
  gameState: {
    isComputerGame: false,
    humanPlayer: 'white',
    aiDifficulty: 'medium',
    drawByAgreement: false,
    endDrawReason: null,
  },
  ...extra,
});

const games = (items: GameSummary[], extra: Partial<PlayerGamePage> = {}): Answer => ({
  status: 200,
  body: { items, page: 1, pageSize: 10, total: items.length, totalPages: 1, ...extra },
});

/** The profile's calls for ada, as given. */
const player = (profile: Answer, gamePages: Record<string, Answer> = {}) =>
  serve({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'GET /api/players/ada': profile,
    'GET /api/players/ada/ratings': { status: 200, body: HISTORY },
    'GET /api/players/ada/games?page=1&pageSize=10': games([game('g1')]),
    ...gamePages,
  });

const card = (speed: string) => screen.getByRole('article', { name: speed });

describe('Profile (/@/{username})', () => {
  it('maps a rating history to the chart: seconds on the time axis, and says it in words', () => {
    expect(chartData(HISTORY[0].points)).toEqual([
      [100 * 86_400, 101 * 86_400],
      [1500, 1612],
    ]);
    expect(chartSummary('Blitz', HISTORY[0].points)).toBe(
      'Blitz rating history: 2 days of rated games, from 1500 to 1612',
    );
    expect(chartSummary('Rapid', HISTORY[1].points)).toBe(
      'Rapid rating history: 1 day of rated games, from 1500 to 1500',
    );
  });

  it('shows each category in the clocks’ order: rating with ? while provisional, deviation, games, progress, chart', async () => {
    player({ status: 200, body: PROFILE });
    renderApp(<ProfilePage username="ada" />, '/@/ada');
    expect(await screen.findByRole('heading', { name: 'ada', level: 1 })).toBeTruthy();
    expect(screen.getByText(/^Member since/).textContent).toBe(
      `Member since ${new Date(PROFILE.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}`,
    );
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'rating-blitz',
      'rating-rapid',
    ]);
    const blitz = card('Blitz');
    expect(within(blitz).getByText('1612')).toBeTruthy();
    expect(within(blitz).getByText('64')).toBeTruthy();
    expect(within(blitz).getByText('40')).toBeTruthy();
    const progress = within(blitz).getByTestId('rating-diff');
    expect(progress.textContent).toBe('+34');
    expect(progress.className).toContain('text-emerald-700');
    const rapid = card('Rapid');
    expect(within(rapid).getByText('1500?')).toBeTruthy();
    expect(within(rapid).getByTestId('rating-diff').className).toContain('text-red-700');
    expect(within(rapid).getByTestId('rating-diff').textContent).toBe('-12');
    // Each chart is drawn with its own category's points.
    const chart = await within(blitz).findByRole('img', {
      name: 'Blitz rating history: 2 days of rated games, from 1500 to 1612',
    });
    await waitFor(() => expect(charts).toContainEqual({ el: chart, data: chartData(HISTORY[0].points) }));
    expect(within(rapid).getByRole('img').getAttribute('aria-label')).toBe(
      'Rapid rating history: 1 day of rated games, from 1500 to 1500',
    );
    expect(screen.getByText('Played').nextElementSibling?.textContent).toBe('41');
    expect(screen.getByText('Drawn').nextElementSibling?.textContent).toBe('4');
    // Nothing but what a visitor may see: no 'Playing now', no notice.
    expect(screen.queryByText('Playing now')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('lists the games, each opening its game, with the opponent, the result and the rating change; pages them', async () => {
    const user = userEvent.setup();
    const calls = player(
      { status: 200, body: PROFILE },
      {
        'GET /api/players/ada/games?page=1&pageSize=10': games([game('g1')], { total: 11, totalPages: 2 }),
        'GET /api/players/ada/games?page=2&pageSize=10': games(
          [
            game('g0', {
              whitePlayerId: 'guest-1',
              whitePlayer: { username: 'Cy' },
              blackPlayerId: 'u1',
              blackPlayer: { username: 'ada' },
              rated: false,
              ratings: { white: null, black: { rating: 1500, provisional: true, diff: null } },
            }),
          ],
          { page: 2, total: 11, totalPages: 2 },
        ),
      },
    );
    renderApp(<ProfilePage username="ada" />, '/@/ada');
    const list = await screen.findByRole('list', { name: 'Games' });
    const won = within(list).getByRole('link', { name: 'Won by resignation' });
    expect(won.getAttribute('href')).toBe('/game/g1');
    const row = won.closest('li') as HTMLElement;
    expect(within(row).getByTestId('rating-diff').textContent).toBe('+9');
    expect(within(row).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/@/bob');
    expect(row.textContent).toContain('1580');
    expect(row.textContent).toContain('3+2 • Blitz · Rated');
    expect(row.textContent).toContain('24 moves');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const lost = await within(screen.getByRole('list', { name: 'Games' })).findByRole('link', {
      name: 'Lost by resignation',
    });
    const guestRow = lost.closest('li') as HTMLElement;
    // A guest has no profile; a casual game shows no change.
    expect(within(guestRow).queryByRole('link', { name: 'Cy' })).toBeNull();
    expect(within(guestRow).getByText('Cy')).toBeTruthy();
    expect(within(guestRow).queryByTestId('rating-diff')).toBeNull();
    expect(guestRow.textContent).toContain('Casual');
    expect(calls.map((c) => c.url)).toContain('/api/players/ada/games?page=2&pageSize=10');
  });

  it('says when the player is playing now, with a link to watch, and marks a terms violation', async () => {
    player({ status: 200, body: { ...PROFILE, playing: { gameId: 'live1' }, tosViolation: true } });
    renderApp(<ProfilePage username="ada" />, '/@/ada');
    expect(await screen.findByText('Playing now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe('/game/live1');
    expect(screen.getByRole('note').textContent).toBe(
      'This account violates the Shared Box Chess Terms of Service.',
    );
  });

  it('says a player without a rated game has none yet', async () => {
    player({ status: 200, body: { ...PROFILE, ratings: [] } });
    renderApp(<ProfilePage username="ada" />, '/@/ada');
    expect(await screen.findByText('No rated games yet.')).toBeTruthy();
  });

  it('shows Player not found for an unknown name', async () => {
    player({ status: 404, body: { message: 'Player not found' } });
    renderApp(<ProfilePage username="ada" />, '/@/ada');
    expect(await screen.findByRole('heading', { name: 'Player not found' })).toBeTruthy();
    expect(screen.getByText('No player is called “ada”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leaderboards' }).getAttribute('href')).toBe('/players');
  });
});
