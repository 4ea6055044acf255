import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, phoneValue, splitPhone } from '../src/components/PhoneInput.tsx';
import { AuthPage } from '../src/features/auth/pages.ts';
import { ADA, type Answer, type Route, renderApp, serve as serveAll } from './helpers.tsx';

/** Fakes the server: each 'METHOD /path' answers as given (the session check is signed out). */
const serve = (routes: Record<string, Route>) =>
  serveAll(routes, { status: 401, body: { message: 'Not signed in' } });

async function openAuth(user: UserEvent) {
  renderApp(<AuthPage />, '/auth');
  const notice = await screen.findByRole('dialog', { name: 'Development Notice' });
  await user.click(within(notice).getByRole('button', { name: 'I understand' }));
}

const region = (name: string) => screen.getByRole('region', { name });
const toastShows = async (title: string, description?: string) => {
  expect(await screen.findByText(title)).toBeTruthy();
  if (description) expect(screen.getByText(description)).toBeTruthy();
};

describe('sign-in forms', () => {
  it('checks the login fields with the messages of docs/api.md §3', async () => {
    const user = userEvent.setup();
    serve({});
    await openAuth(user);
    await user.type(screen.getByLabelText('Username or email'), 'ad');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username or email must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('checks the register fields with the messages of docs/api.md §3', async () => {
    const user = userEvent.setup();
    serve({});
    await openAuth(user);
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'ad');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Phone (optional)'), '12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
  });
});

describe('phone input', () => {
  it('keeps numbers in E.164 with the chosen country, the US by default', () => {
    expect(phoneValue('US', '(415) 555-0123')).toBe('+14155550123');
    expect(phoneValue('GB', '020 7946 0958')).toBe('+442079460958');
    expect(phoneValue('US', '+91 98765 43210')).toBe('+919876543210');
    expect(phoneValue('US', '  ')).toBe('');
    expect(splitPhone('+442079460958')).toEqual({ country: 'GB', national: '2079460958' });
    expect(splitPhone('+14155550123')).toEqual({ country: 'US', national: '4155550123' });
    expect(splitPhone(null)).toEqual({ country: 'US', national: '' });
  });

  it('registers with the phone in E.164 and leaves empty optional fields out', async () => {
    const user = userEvent.setup();
    const me = { ...ADA, firstName: null, lastName: null };
    const calls = serve({ 'POST /api/register': { status: 201, body: me } });
    await openAuth(user);
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(country.value).toBe('US');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await toastShows('Registration successful', 'Welcome, ada!');
    const first = calls.find((c) => c.url === '/api/register');
    expect(first?.body).toEqual({ username: 'ada', email: 'ada@example.com', password: 'secret1' });
  });

  it('sends a number typed for another country in E.164', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /api/register': { status: 400, body: { message: 'Username already taken' } },
    });
    await openAuth(user);
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('First name (optional)'), 'Ada');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.type(screen.getByLabelText('Phone (optional)'), '020 7946 0958');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await toastShows('Registration failed', 'Username already taken');
    expect(calls.find((c) => c.url === '/api/register')?.body).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret1',
      firstName: 'Ada',
      phone: '+442079460958',
    });
  });
});

describe('phone numbers of every country', () => {
  it('offers every country and refuses a number of the wrong length for its country', async () => {
    expect(COUNTRIES.length).toBeGreaterThan(200);
    expect(phoneValue('FJ', '321 2345')).toBe('+6793212345');
    expect(splitPhone('+16135550123')).toEqual({ country: 'CA', national: '6135550123' });
    const user = userEvent.setup();
    const calls = serve({});
    await openAuth(user);
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.type(screen.getByLabelText('Phone (optional)'), '020 7946 095');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/register')).toBeUndefined();
  });
});

describe('forgot your password', () => {
  it('goes from the request card to the code card and back, validating each', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /api/forgot-password': { status: 200, body: { success: true, message: 'sent' } },
      'POST /api/reset-password': {
        status: 200,
        body: { success: true, message: 'Your password has been reset. You can now log in.' },
      },
    });
    await openAuth(user);
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const request = region('Forgot Password');
    const email = within(request).getByLabelText('Email');
    expect(document.activeElement).toBe(email);
    await user.click(within(request).getByRole('button', { name: 'Send Reset Code' }));
    expect(within(request).getByText('Email is required')).toBeTruthy();
    await user.type(email, 'ada@');
    await user.click(within(request).getByRole('button', { name: 'Send Reset Code' }));
    expect(within(request).getByText('Invalid email address')).toBeTruthy();
    await user.type(email, 'example.com');
    await user.click(within(request).getByRole('button', { name: 'Send Reset Code' }));
    await toastShows(
      'Reset code sent',
      'If an account with this email exists, you will receive a password reset code shortly',
    );
    expect(calls.find((c) => c.url === '/api/forgot-password')?.body).toEqual({ email: 'ada@example.com' });

    // The code card, with the address carried over.
    const reset = region('Reset Password');
    expect(screen.queryByRole('region', { name: 'Forgot Password' })).toBeNull();
    expect((within(reset).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const code = within(reset).getByLabelText('Verification code') as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    await user.type(code, '12a');
    await user.type(within(reset).getByLabelText('New password'), '12345');
    await user.type(within(reset).getByLabelText('Confirm new password'), '54321');
    await user.clear(within(reset).getByLabelText('Email'));
    await user.type(within(reset).getByLabelText('Email'), 'nope');
    await user.click(within(reset).getByRole('button', { name: 'Reset Password' }));
    expect(within(reset).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(reset).getByText('Verification code must be 6 digits')).toBeTruthy();
    expect(within(reset).getByText('Password must be at least 6 characters')).toBeTruthy();
    await user.type(within(reset).getByLabelText('New password'), '6');
    await user.click(within(reset).getByRole('button', { name: 'Reset Password' }));
    expect(within(reset).getByText("Passwords don't match")).toBeTruthy();

    // Back and Send again both return to the request card, the address kept.
    await user.click(within(reset).getByRole('button', { name: 'Back' }));
    expect((within(region('Forgot Password')).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    expect(screen.queryByRole('region', { name: 'Reset Password' })).toBeNull();
    await user.click(within(region('Forgot Password')).getByRole('button', { name: 'Send Reset Code' }));
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(region('Forgot Password')).toBeTruthy();
    await user.click(within(region('Forgot Password')).getByRole('button', { name: 'Send Reset Code' }));

    const again = await screen.findByRole('region', { name: 'Reset Password' });
    await user.type(within(again).getByLabelText('Verification code'), '1234567');
    expect((within(again).getByLabelText('Verification code') as HTMLInputElement).value).toBe('123456');
    await user.type(within(again).getByLabelText('New password'), 'better456');
    await user.type(within(again).getByLabelText('Confirm new password'), 'better456');
    await user.click(within(again).getByRole('button', { name: 'Reset Password' }));
    await toastShows('Password reset successful');
    expect(calls.find((c) => c.url === '/api/reset-password')?.body).toEqual({
      email: 'ada@example.com',
      verificationCode: '123456',
      newPassword: 'better456',
      confirmPassword: 'better456',
    });
    expect(screen.queryByRole('region', { name: 'Reset Password' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Forgot Password' })).toBeNull();

    // The forms start empty again.
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect((within(region('Forgot Password')).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    await user.click(within(region('Forgot Password')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Forgot Password' })).toBeNull();
  });

  it('shows the server’s message or the call’s own fallback when a call fails', async () => {
    const user = userEvent.setup();
    let forgot: Answer = { status: 429, body: { message: 'Too many attempts. Try again later.' } };
    let reset: Answer = { status: 500 };
    serve({ 'POST /api/forgot-password': () => forgot, 'POST /api/reset-password': () => reset });
    await openAuth(user);
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(within(region('Forgot Password')).getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await toastShows('Error', 'Too many attempts. Try again later.');
    forgot = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await toastShows('Failed to send reset code. Please try again.');
    expect(region('Forgot Password')).toBeTruthy();

    forgot = { status: 200, body: { success: true, message: 'ok' } };
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    const card = await screen.findByRole('region', { name: 'Reset Password' });
    await user.type(within(card).getByLabelText('Verification code'), '123456');
    await user.type(within(card).getByLabelText('New password'), 'better456');
    await user.type(within(card).getByLabelText('Confirm new password'), 'better456');
    await user.click(within(card).getByRole('button', { name: 'Reset Password' }));
    await toastShows('Failed to reset password. Please try again.');
    reset = { status: 400, body: { message: 'Invalid or expired verification code' } };
    await user.click(within(card).getByRole('button', { name: 'Reset Password' }));
    await toastShows('Invalid or expired verification code');
    expect(region('Reset Password')).toBeTruthy();
  });
});

describe('email verification', () => {
  const pending = {
    success: true,
    message: 'Registration successful. Please check your email for a verification code.',
    user: { needsEmailVerification: true, email: 'ada@example.com' },
  };

  async function register(user: UserEvent) {
    await openAuth(user);
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await toastShows('Registration successful', pending.message);
    return screen.findByRole('region', { name: 'Verify Your Email' });
  }

  it('opens after registering, with the email fixed; verifying switches to the Login tab', async () => {
    const user = userEvent.setup();
    let verify: Answer = { status: 500 };
    let resend: Answer = { status: 200, body: { success: true, message: 'ok' } };
    const calls = serve({
      'POST /api/register': { status: 201, body: pending },
      'POST /api/verify-email': () => verify,
      'POST /api/resend-verification': () => resend,
    });
    const card = await register(user);
    const email = within(card).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    const code = within(card).getByLabelText('Verification code') as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    expect(document.activeElement).toBe(code);

    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    expect(within(card).getByText('Verification code must be 6 digits')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Resend code' }));
    await toastShows('Verification email sent', 'Please check your email for a new verification code.');
    expect(calls.find((c) => c.url === '/api/resend-verification')?.body).toEqual({
      email: 'ada@example.com',
    });
    resend = { status: 500 };
    await user.click(within(card).getByRole('button', { name: 'Resend code' }));
    await toastShows('Failed to send email', 'Failed to send verification email. Please try again.');

    await user.type(code, '654321');
    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    await toastShows('Verification failed', 'Failed to verify email. Please try again.');
    expect(region('Verify Your Email')).toBeTruthy();

    verify = { status: 200, body: { success: true, message: 'ok' } };
    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    await toastShows('Email verified', 'Your email has been verified successfully! You can now log in.');
    expect(calls.find((c) => c.url === '/api/verify-email')?.body).toEqual({
      email: 'ada@example.com',
      verificationCode: '654321',
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verify Your Email' })).toBeNull());
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens when sign-in is refused for an unverified address, with resend and its limit', async () => {
    const user = userEvent.setup();
    const unverified = 'Please verify your email address before signing in. Check your email for the code.';
    let login: Answer = { status: 401, body: { message: 'Invalid username or password' } };
    let resend: Answer = { status: 200, body: { success: true, message: 'ok' } };
    const calls = serve({
      'POST /api/login': () => login,
      'POST /api/resend-verification': () => resend,
      'POST /api/verify-email': { status: 200, body: { success: true, message: 'ok' } },
    });
    await openAuth(user);
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // A wrong password (or an unknown account) tells nothing more: no card.
    await toastShows('Login failed', 'Invalid username or password');
    expect(screen.queryByRole('region', { name: 'Verify Your Email' })).toBeNull();

    login = {
      status: 403,
      body: { message: unverified, needsEmailVerification: true, email: 'ada@example.com' },
    };
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const card = await screen.findByRole('region', { name: 'Verify Your Email' });
    expect((within(card).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');

    await user.click(within(card).getByRole('button', { name: 'Resend code' }));
    await toastShows('Verification email sent', 'Please check your email for a new verification code.');
    expect(calls.find((c) => c.url === '/api/resend-verification')?.body).toEqual({
      email: 'ada@example.com',
    });
    const limited = 'Too many attempts for this account. Please try again in 15 minutes.';
    resend = { status: 429, body: { message: limited } };
    await user.click(within(card).getByRole('button', { name: 'Resend code' }));
    await toastShows('Failed to send email', limited);

    await user.type(within(card).getByLabelText('Verification code'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Verify Email' }));
    await toastShows('Email verified', 'Your email has been verified successfully! You can now log in.');
    expect(calls.find((c) => c.url === '/api/verify-email')?.body).toEqual({
      email: 'ada@example.com',
      verificationCode: '123456',
    });
  });

  it('closes with Cancel', async () => {
    const user = userEvent.setup();
    serve({ 'POST /api/register': { status: 201, body: pending } });
    const card = await register(user);
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Verify Your Email' })).toBeNull();
  });
});
