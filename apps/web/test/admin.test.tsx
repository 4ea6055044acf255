import {
  type AdminStats,
  type AdminSystem,
  type AuditEntry,
  type GameSummary,
  type Page,
  pageCursor,
  type User,
} from '@sbc/api';
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../src/app/App.tsx';
import { routes } from '../src/app/routes.tsx';
import { STATS_POLL_MS } from '../src/features/admin/api/admin.ts';
import { AdminGuard } from '../src/features/admin/components/AdminGuard.tsx';
import { AdminPage } from '../src/features/admin/components/AdminPage.tsx';
import { auditAction } from '../src/features/admin/components/AuditLog.tsx';
import { MaintenanceSwitch } from '../src/features/admin/components/MaintenanceSwitch.tsx';
import { statCards } from '../src/features/admin/components/StatCards.tsx';
import { amount, bytes, duration, money, totals } from '../src/features/admin/lib/format.ts';
import { listenToNotices } from '../src/features/live/api/notices.ts';
import { RECONNECT_MS } from '../src/features/live/api/socket.ts';
import { useLiveSocket } from '../src/features/live/hooks/useLiveSocket.ts';
import { keyToUrl, type QueryParams } from '../src/lib/http.ts';
import { createQueryClient } from '../src/lib/queryClient.ts';
import { ADA, type Answer, gameResponse, newGame, type Route, renderApp, serve } from './helpers.tsx';
import { FakeSocket, fakeSockets, ONLINE_ID } from './live-helpers.ts';

const ADMIN: User = {
  ...ADA,
  id: 'admin1',
  username: 'root',
  firstName: 'Grace',
  lastName: 'Hopper',
  isAdmin: true,
};
const BOB: User = {
  ...ADA,
  id: 'u2',
  username: 'bob',
  firstName: 'Bob',
  lastName: null,
  email: 'bob@example.com',
};

const STATS: AdminStats = {
  totalUsers: 12,
  onlineUsers: 3,
  playingUsers: 2,
  totalGames: 40,
  activeGames: 5,
  sponsorshipCount: 3,
  sponsorshipsByCurrency: [{ currency: 'USD', amountCents: 123456, count: 3 }],
  maintenanceMode: false,
  maintenanceMessage: 'System is under maintenance. Please try again later.',
};

const page = <T,>(items: T[], extra: Partial<Page<T>> = {}): Answer => ({
  status: 200,
  body: { items, page: 1, pageSize: 50, total: items.length, totalPages: 1, ...extra },
});

/** The panel's calls, every list empty unless given. */
const panel = (routes: Record<string, Route> = {}) =>
  serve({
    'GET /api/admin/stats': { status: 200, body: STATS },
    'GET /api/admin/users?page=1': page([ADMIN, BOB]),
    ...routes,
  });

describe('admin formatting', () => {
  it('writes cents in their currency with 2 decimals, sizes and uptimes readably', () => {
    expect(money(123456, 'USD')).toBe('$1,234.56');
    expect(money(0, 'USD')).toBe('$0.00');
    expect(money(100_000, 'INR')).toBe('₹1,000.00');
    expect(amount(2550, 'INR')).toBe('25.50 INR');
    expect(bytes(null)).toBe('N/A');
    expect(bytes(512)).toBe('512 bytes');
    expect(bytes(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
    expect(duration(45)).toBe('45s');
    expect(duration(3 * 3600 + 4 * 60)).toBe('3h 4m');
    expect(duration(2 * 86_400 + 60)).toBe('2d 0h 1m');
  });

  it('totals the sponsorships per currency on their card, never adding currencies up', () => {
    const mixed: AdminStats = {
      ...STATS,
      sponsorshipCount: 2,
      sponsorshipsByCurrency: [
        { currency: 'INR', amountCents: 100_000, count: 1 },
        { currency: 'USD', amountCents: 2500, count: 1 },
      ],
    };
    expect(statCards(mixed)[4]).toMatchObject({ value: '₹1,000.00\n$25.00', detail: '2 sponsorships' });
    expect(statCards({ ...STATS, sponsorshipCount: 0, sponsorshipsByCurrency: [] })[4].value).toBe('$0.00');
    expect(totals([{ currency: 'EUR', amountCents: 1050 }])).toBe('€10.50');
  });

  it('has the six stat cards: the sum of sponsorships in dollars with its count, the system status', () => {
    const cards = statCards(STATS);
    expect(cards.map((c) => c.label)).toEqual([
      'Total Users',
      'Online Users',
      'Playing Now',
      'Total Games',
      'Total Sponsorships',
      'System Status',
    ]);
    expect(cards[3]).toMatchObject({ value: 40, detail: '5 active' });
    expect(cards[4]).toMatchObject({ value: '$1,234.56', detail: '3 sponsorships' });
    expect(cards[5].value).toBe('Online');
    expect(statCards({ ...STATS, maintenanceMode: true, sponsorshipCount: 1 })[5].value).toBe('Maintenance');
    expect(statCards({ ...STATS, sponsorshipCount: 1 })[4].detail).toBe('1 sponsorship');
  });

  it('describes audit entries, maintenance with on or off and its message', () => {
    const entry: AuditEntry = {
      id: 'a1',
      createdAt: '2025-09-13T10:00:00.000Z',
      actorId: 'admin1',
      actorUsername: 'root',
      action: 'maintenance.update',
      targetId: null,
      targetLabel: null,
      details: { enabled: true, message: 'Back at noon' },
    };
    expect(auditAction(entry)).toBe('Maintenance on: Back at noon');
    expect(auditAction({ ...entry, details: { enabled: false } })).toBe('Maintenance off');
    expect(auditAction({ ...entry, action: 'user.block', details: null })).toBe('Blocked user');
  });

  it('spells a paged list’s key as its URL with the query string', () => {
    expect(keyToUrl(['/api/admin/users', { q: 'bob@x', page: 2 }])).toBe('/api/admin/users?q=bob%40x&page=2');
    expect(keyToUrl(['/api/admin/users', { q: '', page: undefined }])).toBe('/api/admin/users');
    expect(keyToUrl(['/api/games', 'g1'])).toBe('/api/games/g1');
  });
});

describe('the admin guard', () => {
  function renderGuard(user: User | null) {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home page</p> },
        {
          path: '/admin',
          element: (
            <AdminGuard user={user} isLoading={false}>
              {(admin) => <p>Panel of {admin.username}</p>}
            </AdminGuard>
          ),
        },
      ],
      { initialEntries: ['/admin'] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    return router;
  }

  it.each([
    ['a visitor', null],
    ['a user who is not an admin', ADA],
  ])('sends %s to / with Access Denied', async (_who, user) => {
    const router = renderGuard(user);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access the admin panel.")).toBeTruthy();
  });

  it('lets an admin in', () => {
    renderGuard(ADMIN);
    expect(screen.getByText('Panel of root')).toBeTruthy();
    expect(screen.queryByText('Access Denied')).toBeNull();
  });

  it('guards the /admin route of the app too', async () => {
    serve({
      'GET /api/user': { status: 200, body: ADA },
      'GET /api/maintenance': { status: 200, body: STATS },
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/admin'] });
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the admin panel', () => {
  it('shows the welcome badge, the cards, the tabs, and asks for the stats every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = panel();
      renderApp(<AdminPage user={ADMIN} />);
      expect(screen.getByText('Welcome, Grace Hopper')).toBeTruthy();
      const cards = await screen.findByRole('list', { name: 'Statistics' });
      expect(within(cards).getByRole('listitem', { name: 'Total Sponsorships' }).textContent).toContain(
        '$1,234.56',
      );
      for (const tab of ['Users', 'Online', 'Playing', 'Games', 'Sponsorships', 'Feedback', 'Settings'])
        expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
      const stats = () => calls.filter((c) => c.url === '/api/admin/stats').length;
      expect(stats()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
      await waitFor(() => expect(stats()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('reverts the maintenance switch when the server refuses, and says so', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (answer = resolve));
      expect(String(input)).toBe('/api/admin/stats');
      return new Response(JSON.stringify(STATS), { status: 200 });
    });
    renderApp(<MaintenanceSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Maintenance Mode' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    // At once, before the server has answered.
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    answer(new Response('', { status: 500 }));
    expect(await screen.findByText('Failed to update maintenance mode.')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('sends the maintenance switch with the current message and confirms it', async () => {
    const user = userEvent.setup();
    let maintenanceMode = false;
    const calls = panel({
      'GET /api/admin/stats': () => ({ status: 200, body: { ...STATS, maintenanceMode } }),
      'POST /api/admin/maintenance': (body) => {
        maintenanceMode = (body as { enabled: boolean }).enabled;
        return { status: 200, body: { maintenanceMode, message: STATS.maintenanceMessage } };
      },
    });
    renderApp(<MaintenanceSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Maintenance Mode' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await user.click(toggle);
    expect(await screen.findByText('Maintenance Mode Updated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      enabled: true,
      message: STATS.maintenanceMessage,
    });
    // The stats are asked again, and agree.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/admin/stats')).toHaveLength(2));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('searches users on the server and blocks one after asking, the toast naming them', async () => {
    const user = userEvent.setup();
    const calls = panel({
      'GET /api/admin/users?q=bob%40example.com&page=1': page([BOB]),
      'POST /api/admin/users/block': { status: 200, body: { message: 'User bob blocked' } },
    });
    renderApp(<AdminPage user={ADMIN} />);
    const table = await screen.findByRole('table', { name: 'Users' });
    // An admin cannot block themself.
    expect(within(table).getByRole('button', { name: 'Block root' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bob@example.com');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('root')).toBeNull(),
    );
    const posts = () => calls.filter((c) => c.method === 'POST');
    // A first click only asks; Cancel sends nothing.
    await user.click(screen.getByRole('button', { name: 'Block bob' }));
    const ask = screen.getByRole('dialog', { name: 'Block User' });
    expect(ask.textContent).toContain('Block bob?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Block bob' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Block User' })).getByRole('button', { name: 'Block' }),
    );
    expect(await screen.findByText('User bob blocked')).toBeTruthy();
    expect(posts().map((c) => c.body)).toEqual([{ userId: 'u2', isBlocked: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks a user as violating the terms after asking, shows the mark, and clears it at once', async () => {
    const user = userEvent.setup();
    let marked = false;
    const calls = panel({
      'GET /api/admin/users?page=1': () => page([ADMIN, { ...BOB, tosViolation: marked }]),
      'POST /api/admin/users/tos-violation': (body) => {
        marked = (body as { tosViolation: boolean }).tosViolation;
        return { status: 200, body: { message: marked ? 'bob is marked' : 'bob is cleared' } };
      },
    });
    renderApp(<AdminPage user={ADMIN} />);
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = () => within(table).getByText('bob').closest('tr') as HTMLElement;
    expect(within(row()).queryByText('Terms violation')).toBeNull();
    const posts = () => calls.filter((c) => c.method === 'POST');
    await user.click(within(row()).getByRole('button', { name: 'Mark as terms violation bob' }));
    const ask = screen.getByRole('dialog', { name: 'Mark as Terms Violation' });
    expect(ask.textContent).toContain('Mark bob as violating the Terms of Service?');
    expect(posts()).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Mark as terms violation' }));
    expect(await screen.findByText('bob is marked')).toBeTruthy();
    // The list is asked again and shows the mark; clearing it asks nothing.
    expect(await within(row()).findByText('Terms violation')).toBeTruthy();
    await user.click(within(row()).getByRole('button', { name: 'Clear terms violation bob' }));
    expect(await screen.findByText('bob is cleared')).toBeTruthy();
    expect(posts().map((c) => [c.url, c.body])).toEqual([
      ['/api/admin/users/tos-violation', { userId: 'u2', tosViolation: true }],
      ['/api/admin/users/tos-violation', { userId: 'u2', tosViolation: false }],
    ]);
    await waitFor(() => expect(within(row()).queryByText('Terms violation')).toBeNull());
  });

  it('pages through a list the server pages', async () => {
    const user = userEvent.setup();
    const calls = panel({
      'GET /api/admin/users?page=1': page([ADMIN], { total: 51, totalPages: 2 }),
      'GET /api/admin/users?page=2': page([BOB], { page: 2, total: 51, totalPages: 2 }),
    });
    renderApp(<AdminPage user={ADMIN} />);
    expect(await screen.findByText('Page 1 of 2 · 51 in all')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 51 in all')).toBeTruthy();
    expect(screen.getByText('bob')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/admin/users?page=2');
  });

  it('pages the games next to a cursor: Next after the last row, Previous before the first', async () => {
    const user = userEvent.setup();
    const { gameState: _state, ...fields } = gameResponse(newGame());
    const game = (id: string, createdAt: string): GameSummary => ({
      ...fields,
      id,
      createdAt,
      gameState: {
        isComputerGame: false,
        humanPlayer: 'white',
        aiDifficulty: 'medium',
        drawByAgreement: false,
        endDrawReason: null,
      },
    });
    const [g6, g5, g4, g3, g2] = [6, 5, 4, 3, 2].map((n) => game(`g${n}`, `2026-11-0${n}T10:00:00.000Z`));
    g6.timeControl = { kind: 'clock', minutes: 3, increment: 2 };
    const games = (query: QueryParams) => `GET ${keyToUrl(['/api/admin/games', query])}`;
    const calls = panel({
      [games({ page: 1 })]: page([g6, g5], { total: 5, totalPages: 3 }),
      [games({ page: 2, after: pageCursor(g5) })]: page([g4, g3], { page: 2, total: 5, totalPages: 3 }),
      [games({ page: 3, after: pageCursor(g3) })]: page([g2], { page: 3, total: 5, totalPages: 3 }),
      [games({ page: 2, before: pageCursor(g2) })]: page([g4, g3], { page: 2, total: 5, totalPages: 3 }),
    });
    renderApp(<AdminPage user={ADMIN} />);
    await user.click(await screen.findByRole('tab', { name: 'Games' }));
    expect(await screen.findByText('Page 1 of 3 · 5 in all')).toBeTruthy();
    // Each game's time control.
    const rows = within(screen.getByRole('table', { name: 'Games' })).getAllByRole('row');
    expect(within(rows[1]).getByText('3+2')).toBeTruthy();
    expect(within(rows[2]).getByText('Untimed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 5 in all')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3 · 5 in all')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3 · 5 in all')).toBeTruthy();
    // The first page is read from the top, as when the tab opened (the same key, so from the cache).
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 3 · 5 in all')).toBeTruthy();
    const asked = calls.filter((c) => c.url.startsWith('/api/admin/games')).map((c) => c.url);
    expect(asked).toEqual([
      '/api/admin/games?page=1',
      '/api/admin/games?page=2&after=2026-11-05T10%3A00%3A00.000Z_g5',
      '/api/admin/games?page=3&after=2026-11-03T10%3A00%3A00.000Z_g3',
      '/api/admin/games?page=2&before=2026-11-02T10%3A00%3A00.000Z_g2',
    ]);
  });

  it('searches the games by id or player and status on the server, jumps to a page, and opens a row at /game/{id}', async () => {
    const user = userEvent.setup();
    const { gameState: _state, ...fields } = gameResponse(newGame());
    const game = (id: string): GameSummary => ({
      ...fields,
      id,
      createdAt: STATS_DATE,
      gameState: {
        isComputerGame: false,
        humanPlayer: 'white',
        aiDifficulty: 'medium',
        drawByAgreement: false,
        endDrawReason: null,
      },
    });
    const [g1, g2, g3, g4] = ['aaaa1111-0000', 'bbbb2222-0000', 'cccc3333-0000', 'dddd4444-0000'].map(game);
    g3.timeControl = { kind: 'clock', minutes: 3, increment: 2 };
    const games = (query: QueryParams) => `GET ${keyToUrl(['/api/admin/games', query])}`;
    const calls = panel({
      [games({ page: 1 })]: page([g1], { total: 1200, totalPages: 600 }),
      [games({ page: 450 })]: page([g4], { page: 450, total: 1200, totalPages: 600 }),
      [games({ q: 'bob', page: 1 })]: page([g2], { total: 1 }),
      [games({ q: 'bob', status: 'resigned', page: 1 })]: page([g3], { total: 1 }),
    });
    const router = createMemoryRouter(
      [
        { path: '/admin', element: <AdminPage user={ADMIN} /> },
        { path: '/game/:id', element: <p>Game page</p> },
      ],
      { initialEntries: ['/admin'] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await user.click(await screen.findByRole('tab', { name: 'Games' }));
    expect(await screen.findByText('Page 1 of 600 · 1200 in all')).toBeTruthy();
    // Straight to a page by its number; a page that is not one changes nothing and says why.
    const jump = screen.getByRole('textbox', { name: 'Go to page' });
    await user.clear(jump);
    await user.type(jump, '601{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Enter a page from 1 to 600');
    await user.clear(jump);
    await user.type(jump, '450');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Page 450 of 600 · 1200 in all')).toBeTruthy();
    // A search by player, then with a status: the server answers both.
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'bob');
    const table = () => screen.getByRole('table', { name: 'Games' });
    await waitFor(() => expect(within(table()).getByText('bbbb2222')).toBeTruthy());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resigned');
    await waitFor(() => expect(within(table()).getByText('cccc3333')).toBeTruthy());
    expect(calls.filter((c) => c.url.startsWith('/api/admin/games')).map((c) => c.url)).toEqual([
      '/api/admin/games?page=1',
      '/api/admin/games?page=450',
      '/api/admin/games?q=bob&page=1',
      '/api/admin/games?q=bob&status=resigned&page=1',
    ]);
    // Each row links to its game, and a click anywhere on it opens it.
    const row = within(table()).getByRole('row', { name: /cccc3333/ });
    // Its time control in a column of its own, as the picker writes it.
    expect(within(table()).getByRole('columnheader', { name: 'Time control' })).toBeTruthy();
    expect(within(row).getByText('3+2')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Open game cccc3333' }).getAttribute('href')).toBe(
      '/game/cccc3333-0000',
    );
    await user.click(within(row).getByText(String(g3.moveCount)));
    expect(await screen.findByText('Game page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/game/cccc3333-0000');
  });

  it('offers View Game for an online game, which a spectator may watch, and not for one at one screen', async () => {
    const user = userEvent.setup();
    const player = { id: 'u2', username: 'bob', firstName: 'Bob', lastName: null, profileImageUrl: null };
    const playing = (gameId: string, mode: 'online' | 'local' | 'computer') => ({
      gameId,
      role: 'black',
      mode,
      lastMoveAt: STATS_DATE,
      user: player,
    });
    panel({
      'GET /api/admin/playing-users?page=1': page([
        playing('0123456789abcdef', 'online'),
        playing('fedcba9876543210', 'local'),
      ]),
    });
    renderApp(<AdminPage user={ADMIN} />);
    await user.click(await screen.findByRole('tab', { name: 'Playing' }));
    const online = await screen.findByRole('row', { name: /01234567/ });
    expect(within(online).getByText('Black')).toBeTruthy();
    expect(within(online).getByRole('link', { name: 'View Game' }).getAttribute('href')).toBe(
      '/game/0123456789abcdef',
    );
    const local = screen.getByRole('row', { name: /fedcba98/ });
    expect(within(local).queryByRole('link')).toBeNull();
    expect(within(local).getByText('Two at one screen')).toBeTruthy();
  });

  it('deletes a feedback after asking', async () => {
    const user = userEvent.setup();
    const calls = panel({
      'GET /api/admin/feedback?page=1': page([
        {
          id: 'f1',
          name: 'Ada',
          email: 'ada@example.com',
          message: 'Hi',
          isPublic: 1,
          createdAt: STATS_DATE,
          parentId: null,
        },
      ]),
      'DELETE /api/admin/feedback/f1': { status: 200, body: { message: 'Feedback deleted' } },
    });
    renderApp(<AdminPage user={ADMIN} />);
    await user.click(await screen.findByRole('tab', { name: 'Feedback' }));
    const row = await screen.findByRole('row', { name: /Ada/ });
    expect(within(row).getByText('Public')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Delete feedback from Ada' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Feedback' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Feedback Deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/feedback/f1')).toBe(true);
  });

  it('labels the Settings maintenance switch by its state: off while off, on once switched on', async () => {
    const user = userEvent.setup();
    panel();
    renderApp(<AdminPage user={ADMIN} />);
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const toggle = await screen.findByRole('switch', { name: 'Maintenance mode off' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('Maintenance mode on')).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('switch', { name: 'Maintenance mode on' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('shows the system’s state and the audit log in Settings', async () => {
    const user = userEvent.setup();
    const info: AdminSystem = {
      server: 'online',
      database: { kind: 'pglite', connected: true, sizeBytes: 25 * 1024 * 1024 },
      uptimeSeconds: 3 * 3600 + 120,
      startedAt: STATS_DATE,
      nodeVersion: 'v22.0.0',
    };
    panel({
      'GET /api/admin/system': { status: 200, body: info },
      'GET /api/admin/audit?page=1': page([
        {
          id: 'a1',
          createdAt: STATS_DATE,
          actorId: 'admin1',
          actorUsername: 'root',
          action: 'user.block',
          targetId: 'u2',
          targetLabel: 'bob',
          details: null,
        },
      ]),
    });
    renderApp(<AdminPage user={ADMIN} />);
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(await screen.findByText('25.0 MB')).toBeTruthy();
    expect(screen.getByText('3h 2m')).toBeTruthy();
    const system = screen.getByRole('heading', { name: 'System Information' }).parentElement!;
    expect(within(system).getByText('Online')).toBeTruthy();
    expect(within(system).getByText('Connected')).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(log).getByText('Blocked user')).toBeTruthy();
    expect(within(log).getByText('bob')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });
});

const STATS_DATE = '2025-09-13T10:00:00.000Z';

describe('the maintenance banner', () => {
  const on = { maintenanceMode: true, message: 'Back at noon.' };

  it('tells players on every page while maintenance is on', async () => {
    serve({ 'GET /api/user': { status: 200, body: ADA }, 'GET /api/maintenance': { status: 200, body: on } });
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/about'] })} />
      </Providers>,
    );
    expect(await screen.findByText('Back at noon.')).toBeTruthy();
  });

  it('is not shown to admins, whose panel says it', async () => {
    const calls = serve({
      'GET /api/user': { status: 200, body: ADMIN },
      'GET /api/maintenance': { status: 200, body: on },
    });
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/about'] })} />
      </Providers>,
    );
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user')).toBe(true));
    expect(screen.queryByText('Back at noon.')).toBeNull();
    expect(calls.some((c) => c.url === '/api/maintenance')).toBe(false);
  });
});

describe('the maintenance switch pushed over the socket (docs/api.md §7)', () => {
  beforeEach(fakeSockets);
  const off = { maintenanceMode: false, message: 'System is under maintenance. Please try again later.' };

  function openAbout(user: User | null) {
    const calls = serve({
      'GET /api/user': user
        ? { status: 200, body: user }
        : { status: 401, body: { message: 'Not signed in' } },
      'GET /api/maintenance': { status: 200, body: { maintenanceMode: true, message: 'Back at noon.' } },
    });
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/about'] })} />
      </Providers>,
    );
    return calls;
  }

  it('takes the banner down and puts it up the moment the socket says so, not at the next poll', async () => {
    const calls = openAbout(ADA);
    expect(await screen.findByText('Back at noon.')).toBeTruthy();
    // A page with no socket of its own opens a light one, following nothing.
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.last();
    socket.open();
    expect(socket.sent).toEqual([]);
    const asked = () => calls.filter((c) => c.url === '/api/maintenance').length;
    // Opening asks again: a switch while no socket was open would be missed otherwise.
    await waitFor(() => expect(asked()).toBe(2));
    socket.receive({ type: 'maintenance', ...off });
    await waitFor(() => expect(screen.queryByText('System Maintenance:')).toBeNull());
    socket.receive({ type: 'maintenance', maintenanceMode: true, message: 'Back at one.' });
    expect(await screen.findByText('Back at one.')).toBeTruthy();
    expect(asked()).toBe(2);
  });

  it('opens no socket for a visitor who is nobody yet (the poll serves), and does not retry a refused one', async () => {
    openAbout(null);
    expect(await screen.findByText('Back at noon.')).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(0);
    cleanup();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      localStorage.setItem('sbc.guest', JSON.stringify({ name: 'Gus', id: 'guest-1' }));
      openAbout(null);
      await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
      // The guest's cookie is gone: the upgrade is refused before the socket ever opens.
      FakeSocket.last().drop();
      await act(() => vi.advanceTimersByTimeAsync(10 * RECONNECT_MS));
      expect(FakeSocket.all).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one socket a page: the light one gives way to a game’s, which brings the switch too', () => {
    const heard: string[] = [];
    const stop = listenToNotices(
      { onNotice: (n) => heard.push(`notice ${n.maintenanceMode}`), onOpen: () => heard.push('open') },
      true,
    );
    expect(FakeSocket.all).toHaveLength(1);
    const light = FakeSocket.last();
    const screenSaw = vi.fn();
    const game = renderHook(() => useLiveSocket({ type: 'game:watch', gameId: ONLINE_ID }, screenSaw));
    // Still connecting, the light one closes as soon as it opens (before, the browser would log it).
    light.open();
    expect(light.readyState).toBe(FakeSocket.CLOSED);
    const socket = FakeSocket.last();
    socket.open();
    socket.receive({ type: 'maintenance', ...off });
    // The page's listeners hear it; the game screen does not.
    expect(heard).toEqual(['open', 'notice false']);
    expect(screenSaw).not.toHaveBeenCalled();
    game.unmount();
    // Without the game's socket the light one comes back.
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last().open();
    FakeSocket.last().receive({ type: 'maintenance', maintenanceMode: true, message: 'Back at one.' });
    expect(heard).toEqual(['open', 'notice false', 'open', 'notice true']);
    stop();
    expect(FakeSocket.last().readyState).toBe(FakeSocket.CLOSED);
  });
});
