/**
 * End to end on two instances of the built server, one PostgreSQL database and one Redis
 * (docs/architecture.md §5, "How a move is served" and "Presence across instances"): Ann's
 * browser talks to one instance, Bob's to the other through a TCP proxy, as behind a load
 * balancer. Moves are relayed between the instances; then Bob's instance is killed (SIGKILL)
 * mid-game. Ann plays on meanwhile and sees Bob disconnected; the proxy then sends Bob to the
 * surviving instance, where his page reconnects and catches up; Ann sees him connected again, and
 * no move either side saw is lost. With E2E_SHOTS=<folder> it saves both pages, Bob's instance
 * dead, there.
 */
import { randomBytes } from 'node:crypto';
import { freshDatabase } from '@sbc/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, MISSING_CHROMIUM } from './chromium.ts';
import {
  type Balancer,
  type Instance,
  NEEDS_TWO_INSTANCES,
  startBalancer,
  startInstance,
  TWO_INSTANCES,
} from './instances.ts';
import { createRoom, inGame, joinRoom, person, RELAY_MS, register, relayed } from './live-support.ts';
import { moveList, play, shoot, WAIT_MS, waitForMoves } from './support.ts';

const reason = !HAS_CHROMIUM ? MISSING_CHROMIUM : !TWO_INSTANCES ? NEEDS_TWO_INSTANCES : '';

/** Waits until `page`'s Move History lists `moves`. */
const listed = (page: Page, moves: string[]) =>
  expect.poll(() => moveList(page), { timeout: WAIT_MS }).toEqual(moves);

/** How `page` shows `name` in the Online Game panel: connected or disconnected. */
const presenceOf = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Players connected' }).getByRole('listitem').filter({ hasText: name });

describe.skipIf(reason !== '')(reason || 'Two server instances, one killed mid-game, in Chromium', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let doomed: Instance;
  let survivor: Instance;
  let balancer: Balancer;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase(process.env.DATABASE_URL as string);
    // Instances behind one address share the key that signs the guests' cookies.
    const secret = randomBytes(32).toString('base64url');
    // One after the other: the first one migrates the new database.
    doomed = await startInstance(database.url, secret);
    survivor = await startInstance(database.url, secret);
    [balancer, browser] = await Promise.all([startBalancer(doomed.port), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await balancer?.close();
    await Promise.all([doomed?.stop(), survivor?.stop()]);
    await database?.drop();
  });

  it('relays moves between instances, and loses nothing when one is killed mid-game', async () => {
    const ann = await person(browser, survivor.url, pageErrors);
    const bob = await person(browser, balancer.url, pageErrors);
    await register(ann, `ann_${Date.now().toString(36)}`);
    const code = await createRoom(ann);
    await joinRoom(bob, code, 'Bob');
    const gameId = await inGame([ann, bob]);
    await presenceOf(ann, 'Bob').getByText('connected', { exact: true }).waitFor();

    const times = [
      ...(await relayed(ann, [bob], 'e2', 'e4', 'white pawn')),
      ...(await relayed(bob, [ann], 'e7', 'e5', 'black pawn')),
      ...(await relayed(ann, [bob], 'g1', 'f3', 'white knight')),
      ...(await relayed(bob, [ann], 'b8', 'c6', 'black knight')),
    ];
    console.info(`[e2e] relays between the instances: ${times.join(', ')} ms`);
    expect(Math.max(...times)).toBeLessThan(RELAY_MS);
    // Each move was on the other board, so stored: what both have seen acknowledged. The Move
    // History renders from the deferred view, a render after the board: it is waited for.
    const seen = await waitForMoves(bob, times.length);
    await listed(ann, seen);

    const killedAt = Date.now();
    doomed.process.kill('SIGKILL');
    await bob.getByText('Disconnected', { exact: true }).waitFor();
    // Ann plays on, on her instance; Bob's page cannot hear of it.
    await play(ann, 'f1', 'c4');
    const stored = async () => {
      const answer = await ann.context().request.get(`/api/games/${gameId}`);
      const game = (await answer.json()) as { gameState: { moveHistory: { notation: string }[] } };
      return game.gameState.moveHistory.map((m) => m.notation);
    };
    await expect.poll(stored, { timeout: WAIT_MS }).toEqual([...seen, 'Bc4']);
    await presenceOf(ann, 'Bob').getByText('disconnected', { exact: true }).waitFor();
    console.info(`[e2e] Ann saw Bob disconnected ${Date.now() - killedAt} ms after his instance was killed`);
    await shoot(ann, 'instance-killed-ann');
    await shoot(bob, 'instance-killed-bob');
    expect(await moveList(bob)).toEqual(seen);

    // The balancer sends Bob to the surviving instance: his page reconnects and catches up.
    balancer.route(survivor.port);
    await bob.getByText('Connected', { exact: true }).waitFor();
    expect(await waitForMoves(bob, seen.length + 1)).toEqual([...seen, 'Bc4']);
    await presenceOf(ann, 'Bob').getByText('connected', { exact: true }).waitFor();
    console.info(`[e2e] Bob back, connected, ${Date.now() - killedAt} ms after the kill`);

    const after = [
      ...(await relayed(bob, [ann], 'g8', 'f6', 'black knight')),
      ...(await relayed(ann, [bob], 'd2', 'd3', 'white pawn')),
    ];
    expect(Math.max(...after)).toBeLessThan(RELAY_MS);
    const all = [...seen, 'Bc4', 'Nf6', 'd3'];
    await expect.poll(stored, { timeout: WAIT_MS }).toEqual(all);
    await listed(ann, all);
    await listed(bob, all);
    expect(pageErrors).toEqual([]);
  });
});
