import type { User } from '@sbc/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../src/app/App.tsx';
import { Dialog } from '../src/components/ui/dialog.tsx';
import { validatePasswordChange } from '../src/features/home/components/ChangePasswordDialog.tsx';
import { HomePage, LOGOUT_REDIRECT_MS } from '../src/features/home/components/HomePage.tsx';
import { createQueryClient } from '../src/lib/queryClient.ts';
import { ADA, type Answer, serve } from './helpers.tsx';

function renderHome(user: User = ADA) {
  const rules = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <HomePage
            user={user}
            rulesDialog={(open, set) => {
              rules(open);
              return (
                <Dialog open={open} onOpenChange={set} title="Rules">
                  <p>The rules</p>
                </Dialog>
              );
            }}
            multiplayer={null}
            renderBoard={() => null}
          />
        ),
      },
      { path: '/auth', element: <h1>Sign in</h1> },
      { path: '/settings', element: <h1>Settings page</h1> },
      { path: '/@/:username', element: <h1>Profile page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, rules };
}

const menuButton = () => screen.getByRole('button', { expanded: false, name: /Lovelace|example\.com|ada/ });

describe('home header', () => {
  it('shows the name in the user menu, and the Admin badge only for admins', () => {
    serve({});
    renderHome();
    expect(menuButton().textContent).toContain('Ada Lovelace');
    expect(within(menuButton()).queryByText('Admin')).toBeNull();
    expect(screen.getByRole('button', { name: 'New Game' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Multiplayer' })).toBeNull();
  });

  it('falls back to the email, and badges an admin', () => {
    serve({});
    renderHome({ ...ADA, firstName: null, lastName: null, isAdmin: true });
    const button = screen.getByRole('button', { name: /ada@example\.com/ });
    expect(within(button).getByText('Admin')).toBeTruthy();
  });

  it('opens the menu from the keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    serve({});
    const { router } = renderHome();
    menuButton().focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Profile', 'Change Password', 'Settings', 'Logout']);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[3]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    await user.click(menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('opens the user’s own profile from the menu', async () => {
    const user = userEvent.setup();
    serve({});
    const { router } = renderHome();
    await user.click(menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/@/ada');
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeTruthy();
  });

  it('opens the Rules dialog', async () => {
    const user = userEvent.setup();
    serve({});
    const { rules } = renderHome();
    expect(rules).toHaveBeenLastCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Rules' }));
    expect(await screen.findByRole('dialog', { name: 'Rules' })).toBeTruthy();
    expect(rules).toHaveBeenLastCalledWith(true);
  });

  it('logs out with a toast and goes to /auth after 500 ms', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'POST /api/logout': () => ({ status: 200, body: { success: true } }) });
    const { router } = renderHome();
    await user.click(menuButton());
    const clicked = Date.now();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.getByText('You have been logged out successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(LOGOUT_REDIRECT_MS - 20);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('says so when logging out fails', async () => {
    const user = userEvent.setup();
    serve({ 'POST /api/logout': () => ({ status: 500 }) });
    renderHome();
    await user.click(menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeTruthy();
  });
});

describe('change password dialog', () => {
  it('applies the home dialog’s rules', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 6 characters',
    });
    expect(
      validatePasswordChange({ currentPassword: '12345', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toEqual({ currentPassword: 'Current password is required' });
    expect(
      validatePasswordChange({ currentPassword: '123456', newPassword: 'abcdef', confirmPassword: 'abcdeg' }),
    ).toEqual({ confirmPassword: "New passwords don't match" });
    expect(
      validatePasswordChange({ currentPassword: '123456', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toEqual({});
  });

  it('validates, changes the password and closes; a failure keeps it open', async () => {
    const user = userEvent.setup();
    let answer: Answer = { status: 500 };
    const calls = serve({ 'POST /api/change-password': () => answer });
    renderHome();
    await user.click(menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const submit = within(dialog).getByRole('button', { name: 'Change Password' });
    await user.click(submit);
    expect(within(dialog).getByText('Current password is required')).toBeTruthy();
    expect(within(dialog).getByText('New password must be at least 6 characters')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Current password'), 'secret1');
    await user.type(within(dialog).getByLabelText('New password'), 'better456');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'better457');
    await user.click(submit);
    const confirm = within(dialog).getByLabelText('Confirm new password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "New passwords don't match",
    );
    expect(calls.some((c) => c.url === '/api/change-password')).toBe(false);

    await user.clear(confirm);
    await user.type(confirm, 'better456');
    await user.click(submit);
    expect(await screen.findByText('Failed to change password. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();

    answer = { status: 400, body: { message: 'Current password is incorrect' } };
    await user.click(submit);
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();

    answer = {
      status: 200,
      body: { success: true, message: 'Your password has been updated successfully.' },
    };
    await user.click(submit);
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Your password has been updated successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull());
    expect(calls.filter((c) => c.url === '/api/change-password').at(-1)?.body).toEqual({
      currentPassword: 'secret1',
      newPassword: 'better456',
    });
  });
});
