import { Game } from '@sbc/game';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localBus } from '../src/events/bus.ts';
import { STALE_GAME } from '../src/features/games/save.ts';
import { createGame, play } from './game-helpers.ts';
import type { TestServer } from './helpers.ts';
import { on, twoInstances } from './instances.ts';

let server: TestServer;
let other: FastifyInstance;
beforeAll(async () => {
  ({ server, other } = await twoInstances());
});
afterAll(() => server.close());

/** Resolves once `app` has been told of the game's version (at once in process; Redis takes a moment). */
function told(app: FastifyInstance, gameId: string, version: number): Promise<void> {
  return new Promise((done) => {
    const stop = app.services.bus.subscribe((e) => {
      if (e.gameId === gameId && e.version === version) done(stop());
    });
  });
}

const rebuilds = vi.spyOn(Game, 'fromRecord');

describe('games in play kept in memory', () => {
  it('plays and shows a cached game without replaying it, also after a refused move', async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent);
    rebuilds.mockClear();
    await play(agent, id, 'e2e4', 'e7e5');
    expect((await agent.post(`/api/games/${id}/moves`, { from: 'e4', to: 'e5' })).status).toBe(400);
    await play(agent, id, 'g1f3');
    expect((await agent.get(`/api/games/${id}`)).body).toMatchObject({ moveCount: 3, version: 3 });
    expect(rebuilds).not.toHaveBeenCalled();
  });

  it("follows another instance's write from its event, without a read or a replay, and plays on", async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent);
    await play(agent, id, 'e2e4');
    const seen = told(server.app, id, 2);
    await play(on(other, agent), id, 'e7e5');
    await seen;
    expect(server.app.services.gameCache.game(id, 2)?.moves.length).toBe(2);
    rebuilds.mockClear();
    const next = await play(agent, id, 'g1f3');
    expect(next).toMatchObject({ moveCount: 3, version: 3 });
    expect(next.gameState.moveHistory.map((m) => m.notation)).toEqual(['e4', 'e5', 'Nf3']);
    expect(rebuilds).not.toHaveBeenCalled();
    expect((await on(other, agent).get(`/api/games/${id}`)).body).toEqual(
      (await agent.get(`/api/games/${id}`)).body,
    );
  });

  it('rebuilds a game whose next version it cannot follow, and plays on', async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent);
    await play(agent, id, 'e2e4');
    // An instance whose events never arrive here: its second write is one version too far.
    const unheard = await server.instance(localBus());
    await play(on(unheard, agent), id, 'e7e5');
    const seen = told(server.app, id, 3);
    await play(on(other, agent), id, 'g1f3');
    await seen;
    expect(server.app.services.gameCache.game(id, 1)).toBeUndefined();
    rebuilds.mockClear();
    const next = await play(agent, id, 'b8c6');
    expect(next.gameState.moveHistory.map((m) => m.notation)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(rebuilds).toHaveBeenCalledTimes(1);
  });

  it('refuses a move on a stale cached game with 409, then plays from the stored game', async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent);
    await play(agent, id, 'e2e4');
    // An instance whose events never arrive here: this instance keeps the game at version 1.
    const unheard = await server.instance(localBus());
    await play(on(unheard, agent), id, 'e7e5');
    const stale = await agent.post(`/api/games/${id}/moves`, { from: 'e7', to: 'e6' });
    expect(stale).toMatchObject({ status: 409, body: { message: STALE_GAME } });
    const next = await play(agent, id, 'g1f3');
    expect(next.gameState.moveHistory.map((m) => m.notation)).toEqual(['e4', 'e5', 'Nf3']);
  });
});
