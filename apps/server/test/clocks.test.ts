import type { GameResponse, TimeControl } from '@sbc/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import type { GameEvent } from '../src/events/bus.ts';
import { endOnTime } from '../src/features/games/clocks.ts';
import { applyIntention } from '../src/features/games/intentions.ts';
import { act } from '../src/features/games/service.ts';
import { endInactiveGames } from '../src/features/games/sweeper.ts';
import type { LoadedGame } from '../src/features/games/types.ts';
import { type LiveSocket, measureLag } from '../src/features/live/hub.ts';
import { createGame, play, snapshot } from './game-helpers.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const clock = (minutes: number, increment: number): TimeControl => ({ kind: 'clock', minutes, increment });

/** A game at one screen with this time control (its owner plays both sides). */
async function timed(agent: Agent, timeControl: TimeControl, fen?: string): Promise<GameResponse> {
  return createGame(agent, { timeControl, ...(fen && { fen }) });
}

/** The game's events on the bus from now on. */
function eventsOf(gameId: string): GameEvent[] {
  const seen: GameEvent[] = [];
  server.app.services.bus.subscribe((e) => {
    if (e.gameId === gameId) seen.push(e);
  });
  return seen;
}

/** A clock read on the server a few ms after the moment the test means: real time passes too. */
const near = (expected: number) => expect.closeTo(expected, -2.5); // within 158 ms

const endNow = (id: string) => endOnTime(server.app.services, server.app.log, id);

describe('the clock', () => {
  it("starts with each side's first move, then charges each move and adds the increment", async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(3, 2));
    expect(game.timeControl).toEqual(clock(3, 2));
    expect(game.gameState.clock).toMatchObject({
      white: 180_000,
      black: 180_000,
      running: null,
      aborts: true,
    });
    expect(game.gameState.inactivityDeadline).toBeNull();
    server.advance(5_000);
    await play(agent, game.id, 'e2e4');
    server.advance(7_000);
    const both = await play(agent, game.id, 'e7e5');
    // Neither first move is charged; white's clock runs from black's first move.
    expect(both.gameState.clock).toMatchObject({
      white: 180_000,
      black: 180_000,
      running: 'white',
      aborts: false,
    });
    const start = server.app.services.now().getTime();
    expect(both.gameState.clock?.deadline).toEqual(near(start + 180_000));
    server.advance(4_000);
    const read = (await agent.get(`/api/games/${game.id}`)).body as GameResponse;
    expect(read.gameState.clock).toMatchObject({ white: near(176_000), black: 180_000, running: 'white' });
    const moved = await play(agent, game.id, 'g1f3');
    expect(moved.gameState.clock).toMatchObject({ white: near(178_000), black: 180_000, running: 'black' });
    const row = (await snapshot(server, game.id)).game;
    expect(row.deadlineAt?.getTime()).toEqual(near(start + 4_000 + 180_000));
  });

  it("compensates a move by its player's measured lag, at most a second", async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(3, 0));
    await play(agent, game.id, 'e2e4', 'e7e5');
    server.advance(5_000);
    const { services, log } = server.app;
    const move = (text: string) => (loaded: LoadedGame, userId: string) =>
      applyIntention(loaded, userId, { action: 'move', from: text.slice(0, 2), to: text.slice(2) });
    const lagged = (await act(services, log, agent.user.id, game.id, move('g1f3'), 300)).view();
    expect(lagged.gameState.clock?.white).toEqual(near(180_000 - 5_000 + 300));
    server.advance(5_000);
    const slow = (await act(services, log, agent.user.id, game.id, move('g8f6'), 4_000)).view();
    expect(slow.gameState.clock?.black).toEqual(near(180_000 - 5_000 + 1_000));
  });

  it("measures a socket's lag from its pings: half the round trip, smoothed", () => {
    const socket = { pingedAt: 1000, lagMs: 0 } as LiveSocket;
    measureLag(socket, 1100);
    expect(socket).toMatchObject({ lagMs: 50, pingedAt: 0 });
    measureLag(socket, 5000); // a pong no ping asked for
    expect(socket.lagMs).toBe(50);
    socket.pingedAt = 2000;
    measureLag(socket, 2300);
    expect(socket.lagMs).toBeCloseTo(50 * 0.7 + 150 * 0.3);
  });

  it('aborts a game whose side to move does not make its first move in time (20 s in bullet)', async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(1, 0));
    // Its timer is set from the start, for the first-move window.
    expect(server.app.services.clockTimers.armed(game.id)).toBe(game.gameState.clock?.deadline);
    const events = eventsOf(game.id);
    server.advance(19_000);
    expect(await endNow(game.id)).toBeNull();
    server.advance(1_000);
    const ended = await endNow(game.id);
    expect(ended).toMatchObject({
      status: 'aborted',
      winner: null,
      message: 'Game aborted: White did not make a first move.',
    });
    expect(ended?.gameState.clock).toMatchObject({
      white: 60_000,
      black: 60_000,
      running: null,
      deadline: null,
    });
    expect(events.map((e) => e.type)).toEqual(['game:timeout']);
    // Black's window is 30 s in blitz, counted from white's first move.
    const blitz = await timed(agent, clock(3, 0));
    await play(agent, blitz.id, 'e2e4');
    server.advance(29_000);
    expect(await endNow(blitz.id)).toBeNull();
    server.advance(1_000);
    expect(await endNow(blitz.id)).toMatchObject({
      status: 'aborted',
      message: 'Game aborted: Black did not make a first move.',
    });
  });

  it('flags the side to move when its time runs out: a loss on time', async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(1, 0));
    await play(agent, game.id, 'e2e4', 'e7e5');
    server.advance(59_800);
    expect(await endNow(game.id)).toBeNull();
    server.advance(200);
    const ended = await endNow(game.id);
    expect(ended).toMatchObject({ status: 'outoftime', winner: 'black', message: 'Time out! Black wins!' });
    expect(ended?.gameState).toMatchObject({
      gameStatus: 'outoftime',
      statusMessage: 'Time out! Black wins!',
    });
    expect(ended?.gameState.clock).toMatchObject({ white: 0, black: 60_000, running: null, deadline: null });
    expect((await snapshot(server, game.id)).game.deadlineAt).toBeNull();
  });

  it('makes a flag a draw when the other side cannot possibly checkmate', async () => {
    const agent = await server.signedIn();
    // Black has its king and a knight: it cannot mate, however long white waits.
    const game = await timed(agent, clock(1, 0), '4k1n1/8/8/8/8/8/4P3/4K3 w - - 0 1');
    await play(agent, game.id, 'e2e3', 'e8e7');
    server.advance(60_000);
    expect(await endNow(game.id)).toMatchObject({
      status: 'draw',
      winner: null,
      message: 'Time out, but Black cannot checkmate. Game is a draw.',
      gameState: { drawReason: 'timeout-vs-insufficient' },
    });
  });

  it('refuses a move that arrives after the flag, and ends the game on time instead', async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(1, 0));
    await play(agent, game.id, 'e2e4', 'e7e5');
    const events = eventsOf(game.id);
    server.advance(60_001);
    const late = await agent.post(`/api/games/${game.id}/moves`, { from: 'g1', to: 'f3' });
    expect(late).toMatchObject({
      status: 400,
      body: { message: 'Time is up: the game ended on time', code: 'timeUp' },
    });
    const after = (await agent.get(`/api/games/${game.id}`)).body as GameResponse;
    expect(after).toMatchObject({ status: 'outoftime', winner: 'black', moveCount: 2 });
    expect(events.map((e) => e.type)).toEqual(['game:timeout']);
    const again = await agent.post(`/api/games/${game.id}/moves`, { from: 'g1', to: 'f3' });
    expect(again).toMatchObject({ status: 409, body: { code: 'gameEnded' } });
    expect(await endNow(game.id)).toBeNull();
  });

  it('ends the game once when a flag and a resignation race', async () => {
    const agent = await server.signedIn();
    for (let round = 0; round < 5; round++) {
      const game = await timed(agent, clock(1, 0));
      await play(agent, game.id, 'e2e4', 'e7e5');
      const events = eventsOf(game.id);
      server.advance(60_000 + round);
      const [flag, resign] = await Promise.all([
        endNow(game.id).catch((e) => e),
        agent.post(`/api/games/${game.id}/resign`),
      ]);
      const ends = events.filter((e) => e.type === 'game:timeout' || e.type === 'game:resigned');
      expect(ends, JSON.stringify({ flag, resign: resign.body })).toHaveLength(1);
      // Past the deadline the resignation cannot win: the clock had already ended the game.
      expect(ends[0].type).toBe('game:timeout');
      expect([200, 400, 409]).toContain(resign.status);
      expect((await agent.get(`/api/games/${game.id}`)).body.status).toBe('outoftime');
    }
  });

  it('keeps correspondence deadlines: days per move, full again after each move', async () => {
    const day = 86_400_000;
    const agent = await server.signedIn();
    // The player stays signed in for the days the test passes.
    await server.app.services.database.db
      .update(sessions)
      .set({ expiresAt: new Date(server.app.services.now().getTime() + 30 * day) })
      .where(eq(sessions.userId, agent.user.id));
    const game = await timed(agent, { kind: 'correspondence', days: 2 });
    expect(game.gameState.clock).toMatchObject({ white: 2 * day, black: 2 * day, aborts: true });
    await play(agent, game.id, 'e2e4');
    server.advance(day);
    const both = await play(agent, game.id, 'e7e5');
    expect(both.gameState.clock).toMatchObject({ white: 2 * day, black: 2 * day, running: 'white' });
    server.advance(day + 3_600_000);
    const moved = await play(agent, game.id, 'g1f3');
    expect(moved.gameState.clock).toMatchObject({ white: 2 * day, black: 2 * day, running: 'black' });
    server.advance(2 * day - 200);
    expect(await endNow(game.id)).toBeNull();
    // Days without a move are not inactivity: only the clock ends a timed game.
    expect(await endInactiveGames(server.app.services, server.app.log)).toEqual([]);
    server.advance(200);
    expect(await endNow(game.id)).toMatchObject({ status: 'outoftime', winner: 'white' });
  });

  it('keeps the inactivity rule for untimed games only', async () => {
    const agent = await server.signedIn();
    const untimed = await createGame(agent);
    const rapid = await timed(agent, clock(10, 0));
    await play(agent, rapid.id, 'e2e4', 'e7e5');
    expect(untimed.gameState).toMatchObject({ clock: null, inactivityDeadline: expect.any(Number) });
    expect(untimed.timeControl).toEqual({ kind: 'untimed' });
    server.advance(6 * 60_000);
    const swept = await endInactiveGames(server.app.services, server.app.log);
    expect(swept.map((g) => g.id)).toContain(untimed.id);
    expect(swept.map((g) => g.id)).not.toContain(rapid.id);
  });

  it('refuses takebacks in a timed game', async () => {
    const agent = await server.signedIn();
    const game = await createGame(agent, { isComputerGame: true, timeControl: clock(5, 0) });
    const moved = await play(agent, game.id, 'e2e4');
    expect(moved.gameState).toMatchObject({ canUndo: false, canRedo: false });
    const undo = await agent.patch(`/api/games/${game.id}`, { action: 'undo' });
    expect(undo).toMatchObject({
      status: 400,
      body: { message: 'Undo and redo are not available in timed games', code: 'undoTimed' },
    });
  });

  it('refuses a time control that is not one of the list', async () => {
    const agent = await server.signedIn();
    for (const timeControl of [
      clock(8, 0),
      clock(3, 61),
      clock(3, 1.5),
      { kind: 'correspondence', days: 4 },
    ]) {
      const res = await agent.post('/api/games', { timeControl });
      expect(res.status, JSON.stringify(timeControl)).toBe(400);
      expect(res.body.message).toMatch(/initial time|increment|Days per move/);
    }
  });
});

describe('the timers', () => {
  // How soon after the deadline is bench:live --clock's figure (flags seen, p99); here only that the
  // timer, not a request or the 30 s sweep, ends it, never before its time.
  it('end a game on its deadline, not before, without being asked', async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(0.25, 0));
    await play(agent, game.id, 'e2e4', 'e7e5');
    // The server's time (the test's offset included) when the flag falls.
    const ended = new Promise<number>((resolve) =>
      server.app.services.bus.subscribe((e) => {
        if (e.gameId === game.id && e.type === 'game:timeout') resolve(server.app.services.now().getTime());
      }),
    );
    // 14.8 s of white's 15 pass at once; the timer is set again for what is left.
    server.advance(14_800);
    const { deadlineAt } = (await snapshot(server, game.id)).game;
    server.app.services.clockTimers.arm(game.id, deadlineAt);
    const at = await ended;
    expect(at).toBeGreaterThanOrEqual(deadlineAt!.getTime());
    expect(at - deadlineAt!.getTime()).toBeLessThan(5000);
    expect((await agent.get(`/api/games/${game.id}`)).body.status).toBe('outoftime');
  });

  it('wait the rest when they fire before the wall clock reaches the deadline', async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(0.25, 0));
    await play(agent, game.id, 'e2e4', 'e7e5');
    const ended = new Promise<void>((resolve) =>
      server.app.services.bus.subscribe((e) => {
        if (e.gameId === game.id && e.type === 'game:timeout') resolve();
      }),
    );
    server.advance(14_950);
    server.app.services.clockTimers.arm(game.id, (await snapshot(server, game.id)).game.deadlineAt);
    // The wall clock falls behind the timer's: it fires 30 ms before the deadline by that clock.
    server.advance(-30);
    await ended;
    expect((await agent.get(`/api/games/${game.id}`)).body.status).toBe('outoftime');
  });

  it('are set again for the games in play when the server starts, and end those overdue', async () => {
    const agent = await server.signedIn();
    const game = await timed(agent, clock(5, 0));
    await play(agent, game.id, 'e2e4', 'e7e5');
    // The deadline passes while the server is down: the start finds it on the deadline index.
    await server.app.close();
    server.advance(5 * 60_000);
    await server.restart();
    expect(server.app.services.clockTimers.size).toBeGreaterThanOrEqual(1);
    const ended = new Promise<void>((resolve) =>
      server.app.services.bus.subscribe((e) => {
        if (e.gameId === game.id && e.type === 'game:timeout') resolve();
      }),
    );
    await ended;
    expect((await agent.get(`/api/games/${game.id}`)).body.status).toBe('outoftime');
  });
});
