import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_LIMITS } from '../src/features/accounts/limits.ts';
import { LIVE_GAMES_MAX } from '../src/features/games/live-cap.ts';
import { agentAt } from './accounts.ts';
import { createGame } from './game-helpers.ts';
import type { Agent, TestServer } from './helpers.ts';
import { startServer } from './helpers.ts';

// The real limits (RATE_LIMIT_SCALE 1); each test comes from its own address.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

/** A new user signed in from `ip`. */
async function playerAt(ip: string): Promise<Agent> {
  const agent = agentAt(server, ip);
  for (const [name, value] of (await server.signedIn()).cookies) agent.cookies.set(name, value);
  return agent;
}

/** Creates a game and resigns it, so that the live cap stays out of the way. */
async function createOver(agent: Agent): Promise<void> {
  const { id } = await createGame(agent);
  expect((await agent.post(`/api/games/${id}/resign`)).status).toBe(200);
}

describe('game creation limits', () => {
  it('refuses an account its eleventh new game in a minute, with Retry-After and a sentence', async () => {
    const agent = await playerAt('10.0.1.1');
    for (let i = 0; i < GAME_LIMITS.perAccount; i++) await createOver(agent);
    const refused = await agent.post('/api/games', {});
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many new games for this account \(10 a minute\)\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not held back.
    const other = await playerAt('10.0.1.1');
    await createGame(other);
    server.advance(60_000);
    await createGame(agent);
  });

  it('refuses an address its thirty-first new game in a minute, whatever the account', async () => {
    for (let i = 0; i < GAME_LIMITS.perIp / GAME_LIMITS.perAccount; i++) {
      const agent = await playerAt('10.0.2.1');
      for (let j = 0; j < GAME_LIMITS.perAccount; j++) await createOver(agent);
    }
    const fresh = await playerAt('10.0.2.1');
    const refused = await fresh.post('/api/games', {});
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many new games from this address\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await createGame(await playerAt('10.0.2.2'));
  });

  it('caps the live games of an account, naming the cap; one over, or idle past the limit, frees a place', async () => {
    const agent = await playerAt('10.0.3.1');
    const ids: string[] = [];
    for (let i = 0; i < LIVE_GAMES_MAX; i++) ids.push((await createGame(agent)).id);
    server.advance(60_000); // past the rate limit
    const refused = await agent.post('/api/games', { isComputerGame: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        'You have 10 games in play, the most one account may have at once. Finish or resign one to start another.',
      code: 'liveGameCap',
    });
    expect((await agent.post(`/api/games/${ids[0]}/resign`)).status).toBe(200);
    await createGame(agent);
    expect((await agent.post('/api/games', {})).status).toBe(409);
    // Left idle past the inactivity limit, the games are abandoned and a new one may start.
    server.advance(server.app.services.config.INACTIVITY_MINUTES * 60_000);
    await createGame(agent);
  });
});
