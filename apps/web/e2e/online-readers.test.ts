/**
 * End to end, in Chromium against the real server: a room's daily use (joining says 'Joined Room',
 * leaving ends quietly, moving to the game logs no socket error) and a game's page read by its
 * link: an online game by a visitor who never sat down, another user's computer game by an admin
 * (docs/api.md §5, who may read).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import { createRoom, inGame, joinRoom, person, register } from './live-support.ts';
import { moveList, play, square, startWebServer, type WebServer, waitForMoves } from './support.ts';

/** Pictures of the pages, to look at (outside the repository). */
const SHOTS = '/tmp/shots-rooms';

/** What a page logs to its console and the game reads it gets answered, from now on. */
function watch(page: Page) {
  const logged: string[] = [];
  const reads: number[] = [];
  const posts: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/api\/games\/[^/]+$/.test(pathname) && r.request().method() === 'GET') reads.push(r.status());
  });
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  return { logged, reads, posts };
}

/** Saves the page at the two sizes looked at: a laptop's and a phone's. */
async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

describe.skipIf(!HAS_CHROMIUM)(HAS_CHROMIUM ? 'Rooms and game links in Chromium' : MISSING_CHROMIUM, () => {
  let server: WebServer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startWebServer(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("says 'Joined Room' to the joiner, logs no socket error on the way to the game, and shows it to a visitor by its link", async () => {
    const [ann, bob, visitor] = await Promise.all(
      [0, 1, 2].map(() => person(browser, server.url, pageErrors)),
    );
    const seen = [ann, bob].map(watch);
    const code = await createRoom(ann, 'Ann');
    await joinRoom(bob, code, 'Bob');
    await bob.getByText('Joined Room', { exact: true }).waitFor();
    await shots(bob, 'joined-room');
    const id = await inGame([ann, bob]);
    await Promise.all([ann, bob].map((p) => p.getByText('Game Started!', { exact: true }).waitFor()));
    await play(ann, 'e2', 'e4');
    await square(bob, 'e4', 'white pawn').waitFor();
    for (const { logged } of seen) expect(logged.filter((l) => /WebSocket/.test(l))).toEqual([]);

    // Someone who never sat down (no session, no guest cookie) opens the link.
    const read = watch(visitor);
    await visitor.goto(`/game/${id}`);
    await square(visitor, 'e4', 'white pawn').waitFor();
    await visitor.getByText('You are watching as a spectator').waitFor();
    // A visitor's socket may watch (docs/api.md §7): it opens like anyone's.
    await visitor.getByText('Connected', { exact: true }).waitFor();
    expect(await moveList(visitor)).toEqual(['e4']);
    expect(read.reads[0]).toBe(200);
    expect(read.reads.filter((s) => s !== 200)).toEqual([]);
    expect(await visitor.getByRole('button', { name: 'Resign' }).count()).toBe(0);
    // The next move arrives over the visitor's socket.
    await play(bob, 'e7', 'e5');
    await square(visitor, 'e5', 'black pawn').waitFor();
    await shots(visitor, 'visitor-online-game');
    expect(pageErrors).toEqual([]);
  });

  it("leaves a room with 'Left Room' only: no join of the room just left", async () => {
    const dan = await person(browser, server.url, pageErrors);
    const { posts } = watch(dan);
    await createRoom(dan, 'Dan');
    await dan.getByText('Connected', { exact: true }).waitFor();
    await dan.getByRole('button', { name: 'Leave Room' }).click();
    await dan.waitForURL((url) => url.pathname === '/');
    await dan.getByText('Left Room', { exact: true }).waitFor();
    // Long enough for the join the lobby used to send about 40 ms after leaving, and its toast.
    await dan.waitForTimeout(1000);
    expect(posts.filter((p) => p.startsWith('/api/rooms'))).toEqual([
      '/api/rooms',
      expect.stringMatching(/^\/api\/rooms\/[A-Z0-9]+\/leave$/),
    ]);
    expect(await dan.getByText('Failed to join room').count()).toBe(0);
    expect(await dan.getByText(/left the room/).count()).toBe(0);
    expect(await dan.getByText('Left Room', { exact: true }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it("shows an admin another user's computer game read-only", async () => {
    const [cy, root] = await Promise.all([0, 1].map(() => person(browser, server.url, pageErrors)));
    const stamp = Date.now().toString(36);
    await Promise.all([register(cy, `cy_${stamp}`), register(root, `root_${stamp}`)]);
    expect((await server.admin('promote', `root_${stamp}`)).code).toBe(0);
    const created = await cy.context().request.post('/api/games', {
      data: { isComputerGame: true, aiDifficulty: 'easy' },
    });
    const { id } = (await created.json()) as { id: string };
    await cy.context().request.post(`/api/games/${id}/moves`, { data: { from: 'e2', to: 'e4' } });
    const read = watch(root);
    await root.goto(`/game/${id}`);
    await square(root, 'e4', 'white pawn').waitFor();
    // The list follows the board by a render (the move history takes the deferred view).
    expect(await waitForMoves(root, 1)).toEqual(['e4']);
    expect(read.reads).toEqual([200]);
    expect(await root.getByRole('heading', { name: 'Game Controls' }).count()).toBe(0);
    expect(await root.getByRole('button', { name: 'Resign' }).count()).toBe(0);
    // The computer, black, is to move: nobody plays it on the admin's screen.
    await root.waitForTimeout(4000);
    // The list follows the board by a render (the move history takes the deferred view).
    expect(await waitForMoves(root, 1)).toEqual(['e4']);
    expect(read.posts).toEqual([]);
    await shots(root, 'admin-computer-game');
    expect(pageErrors).toEqual([]);
  });
});
