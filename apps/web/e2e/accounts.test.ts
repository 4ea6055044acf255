/**
 * End to end, with mail (a real SMTP server on this machine): the address checks of issue #41. A
 * newcomer who left before entering the code is offered the card again at sign-in, and a player who
 * changes their email confirms it in Settings while signing in by the old one keeps working.
 */
import { mkdirSync } from 'node:fs';
import { type Inbox, smtpInbox } from '@sbc/server/testing/mail';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { acknowledgeNotice, shoot, startWebServer, WAIT_MS, type WebServer } from './support.ts';

const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 375, height: 812 };

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'accounts with mail' : MISSING_CHROMIUM, () => {
  let inbox: Inbox;
  let server: WebServer;
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const player = { username: `eve_${stamp}`, email: `eve_${stamp}@example.com`, password: 'secret123' };

  beforeAll(async () => {
    if (process.env.E2E_SHOTS) mkdirSync(process.env.E2E_SHOTS, { recursive: true });
    inbox = await smtpInbox();
    [server, browser] = await Promise.all([startWebServer({ SMTP_URL: inbox.url }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await inbox?.close();
  });

  async function openPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: WIDE });
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    return page;
  }

  async function signIn(page: Page, login: string) {
    await page.goto('/auth');
    await acknowledgeNotice(page);
    await page.getByLabel('Username or email').fill(login);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  /** Both sizes of the page as it is now, the wide one last (the journey goes on at that size). */
  async function shootBoth(page: Page, name: string) {
    await page.setViewportSize(NARROW);
    await shoot(page, `${name}-375`);
    await page.setViewportSize(WIDE);
    await shoot(page, `${name}-1366`);
  }

  it('offers the verification card at sign-in to a newcomer who left before entering the code', async () => {
    const page = await openPage();
    await page.goto('/auth?tab=register');
    await acknowledgeNotice(page);
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Email', { exact: true }).fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByLabel('Confirm password').fill(player.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('region', { name: 'Verify Your Email' }).waitFor();
    const first = await inbox.code(player.email);
    await page.context().close();

    // Back later: the right password is refused for the address, and the card opens with resend.
    const later = await openPage();
    await signIn(later, player.username);
    const card = later.getByRole('region', { name: 'Verify Your Email' });
    await card.waitFor();
    expect(await card.getByLabel('Email').inputValue()).toBe(player.email);
    await card.getByRole('button', { name: 'Resend code' }).click();
    await later.getByText('Please check your email for a new verification code.', { exact: true }).waitFor();
    const second = await inbox.code(player.email);
    await shootBoth(later, 'sign-in-verify');
    await card.getByLabel('Verification code').fill(second);
    await card.getByRole('button', { name: 'Verify Email' }).click();
    await later
      .getByText('Your email has been verified successfully! You can now log in.', { exact: true })
      .waitFor();
    await later.getByRole('button', { name: 'Login', exact: true }).click();
    await later.waitForURL((url) => url.pathname === '/');
    expect(first).toMatch(/^\d{6}$/);
    await later.context().close();
  });

  it('confirms a changed email in Settings, signing in by the old one until then', async () => {
    const page = await openPage();
    await signIn(page, player.email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/settings');
    const newEmail = `eve_${stamp}@example.org`;
    await page.getByLabel('First name').fill('Eve');
    await page.getByLabel('Last name').fill('Example');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const card = page.getByRole('region', { name: 'Verify Your New Email' });
    await card.waitFor();
    const code = await inbox.code(newEmail);
    await shootBoth(page, 'settings-pending-email');

    // Meanwhile another browser signs in by the old address.
    const other = await openPage();
    await signIn(other, player.email);
    await other.waitForURL((url) => url.pathname === '/');
    await other.context().close();

    await card.getByLabel('Verification code').fill(code);
    await card.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText(`${newEmail} is now your account's email.`, { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    await shoot(page, 'settings-email-confirmed-1366');

    const after = await openPage();
    await signIn(after, newEmail);
    await after.waitForURL((url) => url.pathname === '/');
    await after.context().close();
  });
});
