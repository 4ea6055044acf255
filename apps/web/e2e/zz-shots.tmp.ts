// Temporary (not committed): screenshots of /feedback and each admin tab at 1280 and 375 px.

import { fileURLToPath } from 'node:url';
import { startServer } from '@sbc/server/testing';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

const OUT = '/tmp/shots-admin';
const port = 3917;
const test = await startServer({
  env: { PUBLIC_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_SCALE: '20' },
  webRoot: fileURLToPath(new URL('../dist', import.meta.url)),
});
await test.app.listen({ port, host: '127.0.0.1' });
const server = { url: `http://127.0.0.1:${port}`, admin: test.admin, close: () => test.close() };
const browser = await launchChromium();
try {
  const ctx = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const reg = async (u: string, first: string, last?: string, phone?: string) => {
    const c = await browser.newContext({ baseURL: server.url });
    const r = await c.request.post('/api/register', {
      data: {
        username: u,
        password: 'secret123',
        email: `${u}@example.com`,
        firstName: first,
        lastName: last,
        phone,
      },
    });
    if (r.status() !== 201) throw new Error(await r.text());
    return c;
  };
  const adminReq = await ctx.request.post('/api/register', {
    data: {
      username: 'grace',
      password: 'secret123',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
    },
  });
  if (adminReq.status() !== 201) throw new Error(await adminReq.text());
  console.log(await server.admin('promote', 'grace'));
  const bob = await reg('bob_the_builder_longname', 'Bob', 'Builder', '4155550123');
  await reg('alice', 'Alice', 'Liddell');
  await reg('carol', 'Carol');
  // A game for bob and the Games / Playing tabs.
  await bob.request.post('/api/games', {
    data: { isComputerGame: true, humanPlayer: 'white', aiDifficulty: 'easy' },
  });
  await bob.request.post('/api/games', { data: { isComputerGame: false } });
  for (const args of [
    [
      '--amount-cents',
      '2500',
      '--currency',
      'USD',
      '--status',
      'completed',
      '--name',
      'Ada L.',
      '--email',
      'ada@example.com',
      '--message',
      'Keep going!',
    ],
    ['--amount-cents', '50000', '--currency', 'INR', '--status', 'pending'],
    ['--amount-cents', '1000', '--currency', 'USD', '--status', 'failed', '--name', 'Zed'],
  ])
    console.log(await server.admin('sponsorship', 'add', ...args));
  // A deep thread: 7 levels, long words.
  let parent: string | undefined;
  const names = ['Vera', 'Rita', 'Sam', 'Tom', 'Uma', 'Vic', 'Wendy'];
  for (const [i, name] of names.entries()) {
    const r = await ctx.request.post('/api/feedback', {
      data: {
        name,
        message:
          i === 0
            ? 'Shared boxes make the middlegame wild. <b>Not bold</b>\nA second line, and a longwordwithoutanybreaksthatshouldwrapnicelyonaphonescreen.'
            : `Reply number ${i} in a long exchange about whether the queen should ever share a box.`,
        isPublic: 1,
        parentId: parent,
      },
    });
    const body = (await r.json()) as { id: string };
    parent = body.id;
  }
  await ctx.request.post('/api/feedback', {
    data: { name: 'Xavier', email: 'x@example.com', message: 'Love the rules book.', isPublic: 1 },
  });
  await ctx.request.post('/api/admin/users/block', {
    data: { userId: (await (await bob.request.get('/api/user')).json()).id, isBlocked: true },
  });
  await ctx.request.post('/api/admin/maintenance', {
    data: { enabled: false, message: 'Back after a short upgrade.' },
  });

  const page = await ctx.newPage();
  const shot = async (p: Page, name: string, width: number) => {
    await p.setViewportSize({ width, height: width > 500 ? 900 : 800 });
    await p.waitForTimeout(400);
    await p.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
  };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/feedback');
    await page.getByText('Xavier').waitFor();
    await shot(page, 'feedback', width);
    await page
      .getByRole('listitem', { name: 'Feedback from Tom' })
      .getByRole('button', { name: 'Reply' })
      .first()
      .click();
    await shot(page, 'feedback-reply', width);
    await page.goto('/admin');
    await page.getByRole('list', { name: 'Statistics' }).waitFor();
    for (const tab of ['Users', 'Online', 'Playing', 'Games', 'Sponsorships', 'Feedback', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(800);
      await shot(page, `admin-${tab.toLowerCase()}`, width);
    }
  }
  // A player's page with the banner.
  const carol = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 800 } });
  await carol.request.post('/api/login', { data: { username: 'carol', password: 'secret123' } });
  await ctx.request.post('/api/admin/maintenance', {
    data: { enabled: true, message: 'Back after a short upgrade.' },
  });
  const cp = await carol.newPage();
  await cp.goto('/');
  await cp.getByText('System Maintenance:').waitFor();
  await shot(cp, 'banner-home', 375);
  await shot(cp, 'banner-home', 1280);
} finally {
  await browser.close();
  await server.close();
}
