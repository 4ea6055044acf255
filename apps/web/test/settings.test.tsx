import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { phoneValue, SettingsPage } from '../src/features/settings/components/SettingsPage.tsx';
import { ADA, renderApp } from './helpers.tsx';

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
});
