import type { Leaderboards } from '@sbc/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../src/components/Footer.tsx';
import { LeaderboardsPage } from '../src/features/players/pages.ts';
import { renderApp, serve } from './helpers.tsx';

const BOARDS: Leaderboards = [
  {
    speed: 'blitz',
    players: [
      { username: 'ada', rating: 2012, progress: 34 },
      { username: 'bob', rating: 1890, progress: -12 },
    ],
  },
  { speed: 'bullet', players: [{ username: 'cy', rating: 1700, progress: 0 }] },
];

const leaderboards = (answer: { status: number; body: unknown }) =>
  serve({
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    'GET /api/leaderboards': answer,
  });

describe('Leaderboards (/players)', () => {
  it('has a table per category in the clocks’ order: rank, the player linked to the profile, rating, progress', async () => {
    leaderboards({ status: 200, body: BOARDS });
    renderApp(<LeaderboardsPage />, '/players');
    const blitz = await screen.findByRole('table', { name: 'Blitz leaderboard' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Bullet',
      'Blitz',
      'Rapid',
      'Classical',
      'Correspondence',
    ]);
    const rows = within(blitz).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'ada', '2012', '+34'],
      ['2', 'bob', '1890', '-12'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'ada' }).getAttribute('href')).toBe('/@/ada');
    expect(within(rows[1]).getByTestId('rating-diff').className).toContain('text-red-700');
    const bullet = screen.getByRole('table', { name: 'Bullet leaderboard' });
    expect(within(bullet).getByRole('link', { name: 'cy' }).getAttribute('href')).toBe('/@/cy');
  });

  it('says why a category has nobody ranked yet', async () => {
    leaderboards({ status: 200, body: BOARDS });
    renderApp(<LeaderboardsPage />, '/players');
    await screen.findByRole('table', { name: 'Blitz leaderboard' });
    const rapid = screen.getByRole('region', { name: 'Rapid' });
    expect(within(rapid).queryByRole('table')).toBeNull();
    expect(rapid.textContent).toBe(
      'RapidNo ranked players yetA player is ranked after 20 rated games in the category, once the rating is no longer provisional, with a rated game in the last 30 days.',
    );
  });

  it('says when the leaderboards could not be loaded', async () => {
    leaderboards({ status: 500, body: { message: 'Database unavailable' } });
    renderApp(<LeaderboardsPage />, '/players');
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
  });

  it('is linked from every page’s footer', () => {
    renderApp(<Footer signedIn={false} />);
    expect(screen.getByRole('link', { name: 'Leaderboards' }).getAttribute('href')).toBe('/players');
  });
});
