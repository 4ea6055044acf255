/** GET /api/games?turn=mine: the games that wait for the player, the most urgent first. */
import { GamePage } from '@sbc/api';
import { type TimeControl, UNTIMED } from '@sbc/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { games } from '../src/db/schema.ts';
import { insertOnlineGame } from '../src/features/games/online.ts';
import { createGame } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

it('lists the online games in play where it is the player’s turn: correspondence first, then the soonest deadline', async () => {
  const me = await server.signedIn();
  const them = await server.signedIn();
  const db = server.app.services.database.db;
  const now = server.app.services.now().getTime();
  /** A game between us (white first), to move `turn`, with `deadline` ms from now. */
  async function game(white: string, black: string, tc: TimeControl, turn: string, deadline?: number) {
    const { id } = await insertOnlineGame(
      db,
      { roomId: 'ROOM1234', white, black, ownerId: white, timeControl: tc },
      new Date(),
    );
    const deadlineAt = deadline === undefined ? null : new Date(now + deadline);
    await db.update(games).set({ currentTurn: turn, deadlineAt }).where(eq(games.id, id));
    return id;
  }
  const blitz: TimeControl = { kind: 'clock', minutes: 3, increment: 2 };
  const days: TimeControl = { kind: 'correspondence', days: 2 };
  const untimed = await game(me.user.id, them.user.id, UNTIMED, 'white');
  const soon = await game(them.user.id, me.user.id, blitz, 'black', 60_000);
  const later = await game(me.user.id, them.user.id, blitz, 'white', 120_000);
  const byPost = await game(them.user.id, me.user.id, days, 'black', 86_400_000);
  // Not mine to move, over, or at one screen.
  await game(me.user.id, them.user.id, blitz, 'black', 10_000);
  const over = await game(me.user.id, them.user.id, blitz, 'white');
  await db.update(games).set({ status: 'resigned' }).where(eq(games.id, over));
  await createGame(me);

  const page = GamePage.parse((await me.get('/api/games?turn=mine')).body);
  expect(page.items.map((g) => g.id)).toEqual([byPost, soon, later, untimed]);
  expect(page.total).toBe(4);
  const second = GamePage.parse((await me.get('/api/games?turn=mine&pageSize=2&page=2')).body);
  expect(second.items.map((g) => g.id)).toEqual([later, untimed]);
  expect((await them.get('/api/games?turn=mine')).body.items).toHaveLength(1);

  expect((await me.get('/api/games?turn=yours')).body.message).toBe("turn: turn must be 'mine'");
  const cursor = `${new Date(now).toISOString()}_${untimed}`;
  expect(await me.get(`/api/games?turn=mine&after=${cursor}`)).toMatchObject({
    status: 400,
    body: { message: 'turn: turn=mine pages by number, not by cursor' },
  });
});
