import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../src/features/auth/index.ts';
import { phoneValue, SettingsPage } from '../src/features/settings/components/SettingsPage.tsx';
import { ADA, type Answer, renderApp, serve } from './helpers.tsx';

/** The page as the app shows it: for the signed-in user of the session. */
function SettingsOfSession() {
  const { user } = useSession();
  return user && <SettingsPage user={user} />;
}

describe('settings', () => {
  it('keeps phone numbers in E.164, the US by default', () => {
    expect(phoneValue('US', '415 555 0123')).toBe('+14155550123');
    expect(phoneValue('IN', '98765 43210')).toBe('+919876543210');
    expect(phoneValue('US', '+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneValue('US', '')).toBe('');
  });

  it('validates the profile and saves it', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(ADA), { status: 200 }));
    renderApp(<SettingsPage user={ADA} />);
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    await user.type(first, 'A'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('First name too long')).toBeTruthy();
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.type(screen.getByLabelText('Phone'), '4155550123');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText('Profile Updated')).toBeTruthy());
    const [url, init] = fetch.mock.calls.find(([u]) => u === '/api/user/profile')!;
    expect(url).toBe('/api/user/profile');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+14155550123',
    });
  });

  it('refuses an avatar over 5MB and says upload is coming', async () => {
    renderApp(<SettingsPage user={ADA} />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File Too Large')).toBeTruthy();
    expect(screen.getByText('Please select an image smaller than 5MB.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'small.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Avatar upload feature will be available soon.')).toBeTruthy();
  });

  it('checks the password change form and shows the account card', async () => {
    const user = userEvent.setup();
    renderApp(<SettingsPage user={ADA} />);
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your new password')).toBeTruthy();
    await user.type(screen.getByLabelText('Current password'), 'secret123');
    await user.type(screen.getByLabelText('New password'), 'better456');
    await user.type(screen.getByLabelText('Confirm new password'), 'better457');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText("New passwords don't match")).toBeTruthy();
    expect(screen.getByText('Account Since')).toBeTruthy();
    expect(screen.getByText('ada')).toBeTruthy();
  });

  it('confirms a changed email right there with its code, keeping the old one in force meanwhile', async () => {
    const user = userEvent.setup();
    let confirm: Answer = { status: 400, body: { message: 'Invalid verification code' } };
    const calls = serve({
      'GET /api/user': { status: 200, body: ADA },
      'PATCH /api/user/profile': {
        status: 200,
        body: { ...ADA, pendingEmail: 'ada@example.org', needsEmailVerification: true },
      },
      'POST /api/user/email/resend': { status: 200, body: { success: true, message: 'ok' } },
      'POST /api/user/email/confirm': () => confirm,
    });
    renderApp(<SettingsOfSession />);
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('We sent a 6-digit code to ada@example.org. Enter it to confirm your new email.');
    const card = screen.getByRole('region', { name: 'Verify Your New Email' });
    expect(card.textContent).toContain('Until then you keep signing in with ada@example.com.');
    // Focused, so brought into view below the form.
    expect(document.activeElement).toBe(within(card).getByLabelText('Verification code'));

    await user.click(within(card).getByRole('button', { name: 'Resend code' }));
    await screen.findByText('Please check your email for a new verification code.');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/user/email/resend')).toBe(true);

    const code = within(card).getByLabelText('Verification code');
    await user.type(code, '12');
    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    expect(within(card).getByText('Verification code must be 6 digits')).toBeTruthy();
    await user.type(code, '3456');
    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    await screen.findByText('Invalid verification code');
    expect(screen.getByRole('region', { name: 'Verify Your New Email' })).toBeTruthy();

    confirm = { status: 200, body: { ...ADA, email: 'ada@example.org' } };
    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    await screen.findByText("ada@example.org is now your account's email.");
    expect(calls.filter((c) => c.url === '/api/user/email/confirm').map((c) => c.body)).toEqual([
      { verificationCode: '123456' },
      { verificationCode: '123456' },
    ]);
    expect(screen.queryByRole('region', { name: 'Verify Your New Email' })).toBeNull();
  });

  it('gives up a pending email with Keep current email', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/user': { status: 200, body: { ...ADA, pendingEmail: 'ada@example.org' } },
      'DELETE /api/user/email/pending': { status: 200, body: ADA },
    });
    renderApp(<SettingsOfSession />);
    const card = await screen.findByRole('region', { name: 'Verify Your New Email' });
    await user.click(within(card).getByRole('button', { name: 'Keep current email' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verify Your New Email' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/user/email/pending')).toBe(true);
  });
});
