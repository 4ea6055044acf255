import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../src/app/App.tsx';
import { routes } from '../src/app/routes.tsx';
import { TOAST_REMOVE_DELAY, toast } from '../src/components/ui/toast-store.ts';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { apiRequest, getQueryFn, HttpError } from '../src/lib/http.ts';
import { createQueryClient } from '../src/lib/queryClient.ts';
import { handleUnauthorized, UNAUTHORIZED_REDIRECT_MS } from '../src/lib/session-expired.ts';

const respond = (status: number, body: string, statusText = '') =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(body || null, { status, statusText }));

function renderRoute(path: string, user: unknown = null) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/user' && user
      ? new Response(JSON.stringify(user), { status: 200 })
      : String(input).startsWith('/api/games/')
        ? new Response(JSON.stringify({ message: 'Game not found' }), { status: 404 })
        : new Response(JSON.stringify({ message: 'Not signed in' }), { status: 401 }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('requests', () => {
  it('turns a non-OK answer into "status: body", or the status text when the body is empty', async () => {
    respond(400, '{"message":"Invalid move"}');
    await expect(apiRequest('POST', '/api/x', { a: 1 })).rejects.toThrow('400: {"message":"Invalid move"}');
    respond(503, '', 'Service Unavailable');
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('503: Service Unavailable');
  });

  it('sends cookies, and JSON only when there is a body', async () => {
    const fetch = respond(200, '{"ok":true}');
    expect(await apiRequest('POST', '/api/games', { isComputerGame: true })).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"isComputerGame":true}',
      credentials: 'include',
    });
    await apiRequest('POST', '/api/logout');
    expect(fetch.mock.calls[1][1]).toMatchObject({ headers: {}, body: undefined, credentials: 'include' });
  });

  it('fetches the joined query key, and may read a 401 as null', async () => {
    const fetch = respond(200, '{"id":"g1"}');
    expect(await getQueryFn()({ queryKey: ['/api/games', 'g1'] })).toEqual({ id: 'g1' });
    expect(fetch).toHaveBeenCalledWith('/api/games/g1', { credentials: 'include' });
    respond(401, '{"message":"Not signed in"}');
    expect(await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/user'] })).toBeNull();
    await expect(getQueryFn()({ queryKey: ['/api/user'] })).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });

  it('has the cache defaults of docs/architecture.md §6', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('on a lost session says so and goes to the sign-in page after 500 ms', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      const navigate = vi.fn();
      act(() => handleUnauthorized(navigate));
      expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
      act(() => vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1));
      expect(navigate).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(navigate).toHaveBeenCalledWith('/auth');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('toasts', () => {
  it('shows one at a time, the newest, in a region focused by F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest wins' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.getByRole('region').getAttribute('aria-label')).toContain('F8');
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});

describe('routes', () => {
  it('shows Loading... while the session loads, then the landing page with its way in', async () => {
    renderRoute('/');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Box Chess' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(within(main).getByRole('link', { name: 'Create Account' }).getAttribute('href')).toMatch(
      /^\/auth/,
    );
    expect(
      within(main)
        .getByRole('link', { name: /rules book/ })
        .getAttribute('target'),
    ).toBe('_blank');
  });

  it('has a footer on every page, with Login and Register only for visitors', async () => {
    renderRoute('/about');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    for (const name of [
      'About',
      'Support',
      'Community Feedback',
      'Sponsor Us',
      'Contact',
      'Privacy Policy',
      'Terms of Service',
      'Rules Book',
      'Login',
      'Register',
    ])
      expect(within(footer).getByRole('link', { name })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Contact' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('names each page in the tab title', async () => {
    for (const [path, title] of [
      ['/about', 'About · Shared Box Chess'],
      ['/terms', 'Terms of Service · Shared Box Chess'],
      ['/room/abc123', 'Room ABC123 · Shared Box Chess'],
      ['/no/such/page', 'Page Not Found · Shared Box Chess'],
    ]) {
      const page = renderRoute(path);
      await waitFor(() => expect(document.title).toBe(title));
      page.unmount();
    }
    renderRoute('/', { id: 'u1', username: 'ada' });
    await waitFor(() => expect(document.title).toBe('Play · Shared Box Chess'));
  });

  it('hides Login and Register in the footer for a signed-in user', async () => {
    renderRoute('/terms', { id: 'u1', username: 'ada' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Footer' })).queryByRole('link', { name: 'Login' }),
      ).toBeNull(),
    );
  });

  it('answers an unknown path with the not-found page', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('dates the privacy policy and the terms September 13, 2025', async () => {
    renderRoute('/privacy');
    expect(await screen.findByText('Last updated: September 13, 2025')).toBeTruthy();
    expect(screen.getByText(/hashed with bcrypt/)).toBeTruthy();
    expect(screen.getByText(/within 30 days/)).toBeTruthy();
  });

  it('states the terms’ facts', async () => {
    renderRoute('/terms');
    expect(await screen.findByText('Last updated: September 13, 2025')).toBeTruthy();
    expect(screen.getByText(/within 5 business days/)).toBeTruthy();
    expect(screen.getByText(/twelve months/)).toBeTruthy();
    expect(screen.getByText(/Multiple accounts and shared accounts are prohibited/)).toBeTruthy();
  });

  it('offers the International and India (UPI) sponsorship tabs', async () => {
    const user = userEvent.setup();
    renderRoute('/sponsor');
    await user.click(await screen.findByRole('tab', { name: 'India (UPI)' }));
    expect(screen.getByRole('link', { name: /Sponsor with UPI/ }).getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Other ways to support')).toBeTruthy();
  });

  it('promises a support reply within 24 hours and has the FAQ sections', async () => {
    renderRoute('/support');
    expect(await screen.findByText(/within 24 hours on business days/)).toBeTruthy();
    for (const name of [
      'Rules',
      'Account and login',
      'Game features and statistics',
      'Technical issues',
      'Getting started',
    ])
      expect(screen.getByRole('heading', { name })).toBeTruthy();
  });

  it('sends visitors from a game that is not public to the sign-in page', async () => {
    const user = userEvent.setup();
    renderRoute('/game/abc');
    // The server reads an online game to anyone, and any other as unknown (404) to a visitor.
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain('/api/games/abc'),
    );
    const notice = await screen.findByRole('dialog', { name: 'Development Notice' });
    await user.click(within(notice).getByRole('button', { name: 'I understand' }));
    expect(screen.getByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeTruthy();
  });
});
