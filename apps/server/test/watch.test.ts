/**
 * Games to watch (docs/api.md, "Current games"): the list of online games in play, the featured
 * game, the thumbnails' game:fen, and visitors' sockets, which may only watch.
 */
import { CurrentGame, FeaturedGameResponse, type GameResponse, ServerMessage } from '@sbc/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../src/db/schema.ts';
import { createGame, insertGames, insertOnlineGame, play, snapshot } from './game-helpers.ts';
import { type Agent, startServer, type TestServer } from './helpers.ts';
import { redisGroup } from './instances.ts';
import { LiveClient, listen } from './live-helpers.ts';

let server: TestServer;
let url: string;
// With REDIS_URL the events go through Redis, as between instances.
beforeAll(async () => {
  const redis = process.env.REDIS_URL;
  server = await startServer(redis ? { bus: await redisGroup(redis).bus() } : {});
  url = await listen(server.app);
}, 60_000);
afterAll(() => server.close());

/** A room's game between a signed-in host and a second player (a guest named `guestName`, else a user); white first. */
async function roomGame(guestName?: string) {
  const host = await server.signedIn();
  const { code } = (await host.post('/api/rooms')).body;
  const other = guestName ? server.agent() : await server.signedIn();
  const joined = await other.post('/api/rooms/join', { roomCode: code, ...(guestName && { guestName }) });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const gameId = joined.body.gameId as string;
  const game: GameResponse = (await host.get(`/api/games/${gameId}`)).body;
  const hostIsWhite = game.whitePlayerId === joined.body.players[0].id;
  const [white, black] = hostIsWhite ? [host, other] : [other, host];
  return { gameId, code: code as string, white, black, game, host };
}

const storedSbfen = async (gameId: string) => {
  const [row] = await server.app.services.database.db
    .select({ sbfen: games.sbfen })
    .from(games)
    .where(eq(games.id, gameId));
  return row.sbfen;
};

const featured = async (agent: Agent) =>
  FeaturedGameResponse.parse((await agent.get('/api/games/featured')).body);

describe('the current games and the featured game', () => {
  it('has no featured game while no online game is in play', async () => {
    expect(await featured(server.agent())).toEqual({ game: null });
  });

  it('lists online games in play only, to visitors too, with guests and users by name and no private data', async () => {
    const { gameId, host } = await roomGame('Bob');
    const owner = await server.signedIn();
    await insertGames(server, owner.user.id, ['computer', 'local']);
    const ended = await roomGame();
    expect((await ended.white.post(`/api/games/${ended.gameId}/resign`)).status).toBe(200);

    const res = await server.agent().get('/api/games/live');
    expect(res.status).toBe(200);
    const ids = res.body.items.map((g: CurrentGame) => g.id);
    expect(ids).toContain(gameId);
    expect(ids).not.toContain(ended.gameId);
    const ours: CurrentGame = CurrentGame.parse(res.body.items.find((g: CurrentGame) => g.id === gameId));
    const names = [ours.white, ours.black];
    expect(names.map((p) => p.name).sort()).toEqual(['Bob', host.user.username].sort());
    expect(names.map((p) => p.isGuest).sort()).toEqual([false, true]);
    expect(ours).toMatchObject({
      moveCount: 0,
      lastMove: null,
      spectators: 0,
      timeControl: { kind: 'untimed' },
    });
    // Every listed game is an online one in play.
    const rows = await server.app.services.database.db.select().from(games);
    const live = new Set(
      rows.filter((r) => r.mode === 'online' && ['active', 'check'].includes(r.status)).map((r) => r.id),
    );
    expect(ids.every((id: string) => live.has(id))).toBe(true);
    expect(res.body.total).toBe(live.size);
    // No e-mail address, no record, no session.
    expect(JSON.stringify(res.body)).not.toMatch(/@|email|record/i);
  });

  it('pages past 50, newest first, with the position of games written before positions were stored', async () => {
    const [a, b] = [await server.signedIn(), await server.signedIn()];
    for (let i = 0; i < 55; i++) await insertOnlineGame(server, a.user.id, b.user.id);
    const visitor = server.agent();
    const first = (await visitor.get('/api/games/live')).body;
    const second = (await visitor.get('/api/games/live?page=2')).body;
    expect(first.items).toHaveLength(50);
    expect(first.pageSize).toBe(50);
    expect(first.total).toBeGreaterThanOrEqual(55);
    expect(second.items.length).toBe(first.total - 50);
    const ids = [...first.items, ...second.items].map((g: CurrentGame) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.items, ...second.items].map((g: CurrentGame) => g.createdAt);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // Inserted without the column: the position comes from the record.
    expect(first.items[0].sbfen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect((await visitor.get('/api/games/live?pageSize=0')).status).toBe(400);
  });

  it("keeps the position through moves, equal to the game's, with the last move", async () => {
    const { gameId, white, black } = await roomGame();
    await play(white, gameId, 'e2e4');
    await play(black, gameId, 'e7e5');
    const view: GameResponse = (await white.get(`/api/games/${gameId}`)).body;
    expect(await storedSbfen(gameId)).toBe(view.gameState.sbfen);
    const listed = (await server.agent().get('/api/games/live?pageSize=100')).body.items.find(
      (g: CurrentGame) => g.id === gameId,
    );
    expect(listed).toMatchObject({
      sbfen: view.gameState.sbfen,
      moveCount: 2,
      lastMove: { from: 'e7', to: 'e5' },
    });
  });

  it("keeps the position before a defender's choice while it is pending, which no SBFEN describes", async () => {
    const { gameId, white, black } = await roomGame();
    const thumbs = await LiveClient.open(url, {});
    thumbs.send({ type: 'games:watch', gameIds: [gameId] });
    await thumbs.ask({ type: 'game:sync', gameId, version: 0 }, 'game:state');
    await play(white, gameId, 'e2e4');
    await play(black, gameId, 'e7e5');
    await play(white, gameId, 'g1f3');
    await play(black, gameId, 'b8c6');
    await play(white, gameId, 'f1b5');
    await play(black, gameId, 'a7a6');
    await play(white, gameId, 'b5c6');
    const before = await storedSbfen(gameId);
    const attack = await play(black, gameId, 'b7c6');
    expect(attack.gameState.pendingDefenderChoice).not.toBeNull();
    expect(await storedSbfen(gameId)).toBe(before);
    const chosen = await white.post(`/api/games/${gameId}/choice`, { sacrifice: 'bishop' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(await storedSbfen(gameId)).toBe(chosen.body.gameState.sbfen);
    const fens = [];
    for (let i = 0; i < 8; i++) fens.push(await thumbs.next('game:fen'));
    // One a move, none for the attack waiting for the choice, one for the choice.
    expect(fens.map((f) => f.moveCount)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(fens[7].sbfen).toBe(chosen.body.gameState.sbfen);
    expect(thumbs.drain()).toEqual([]);
    thumbs.close();
  });

  it('features the game with the most spectators, else the newest', async () => {
    const older = await roomGame();
    const newer = await roomGame();
    const visitor = server.agent();
    expect((await featured(visitor)).game?.id).toBe(newer.gameId);
    const watcher = await LiveClient.open(url, {});
    await watcher.ask({ type: 'game:watch', gameId: older.gameId }, 'game:state');
    // The room's presence tells its spectator count within a second.
    await expect
      .poll(async () => (await featured(visitor)).game, { timeout: 5000 })
      .toMatchObject({
        id: older.gameId,
        spectators: 1,
      });
    watcher.close();
    await expect.poll(async () => (await featured(visitor)).game?.id, { timeout: 5000 }).toBe(newer.gameId);
  });
});

describe('thumbnails (games:watch, game:fen)', () => {
  it("sends each followed game's position after every change, small, and its last one when it ends", async () => {
    const { gameId, white, black } = await roomGame();
    const thumbs = await LiveClient.open(url, {});
    thumbs.send({ type: 'games:watch', gameIds: [gameId] });
    // games:watch has no answer: a sync after it, answered in order, says it was done.
    await thumbs.ask({ type: 'game:sync', gameId, version: 0 }, 'game:state');
    await play(white, gameId, 'e2e4');
    const fen = await thumbs.next('game:fen');
    expect(ServerMessage.parse(fen)).toEqual(fen);
    expect(fen).toMatchObject({
      gameId,
      sbfen: await storedSbfen(gameId),
      lastMove: { from: 'e2', to: 'e4' },
      moveCount: 1,
      turn: 'black',
      over: false,
    });
    expect(Buffer.byteLength(JSON.stringify(fen))).toBeLessThan(1024);
    // Only the thumbnail: never the whole game's frames.
    expect(thumbs.drain()).toEqual([]);

    expect((await black.post(`/api/games/${gameId}/resign`)).status).toBe(200);
    expect(await thumbs.next('game:fen')).toMatchObject({ gameId, over: true, moveCount: 1 });
    thumbs.close();
  });

  it('replaces the list with each games:watch, and never follows a computer game', async () => {
    const [one, two] = [await roomGame(), await roomGame()];
    const owner = await server.signedIn();
    const computer = await createGame(owner, { isComputerGame: true, humanPlayer: 'white' });
    const thumbs = await LiveClient.as(url, await server.signedIn());
    const unknown = '00000000-0000-4000-8000-000000000000';
    thumbs.send({ type: 'games:watch', gameIds: [one.gameId, computer.id, unknown] });
    thumbs.send({ type: 'games:watch', gameIds: [two.gameId, computer.id] });
    await thumbs.ask({ type: 'game:sync', gameId: two.gameId, version: 0 }, 'game:state');

    await play(owner, computer.id, 'e2e4');
    await play(one.white, one.gameId, 'd2d4');
    await play(two.white, two.gameId, 'c2c4');
    expect(await thumbs.next('game:fen')).toMatchObject({
      gameId: two.gameId,
      lastMove: { from: 'c2', to: 'c4' },
    });
    // The game's events came in order: those of the others before, had they been sent.
    expect(thumbs.drain()).toEqual([]);

    // A witness following the same game: once it has the game:fen, the other socket would have had it too.
    const witness = await LiveClient.open(url, {});
    witness.send({ type: 'games:watch', gameIds: [two.gameId] });
    await witness.ask({ type: 'game:sync', gameId: two.gameId, version: 0 }, 'game:state');
    thumbs.send({ type: 'games:watch', gameIds: [] });
    await thumbs.ask({ type: 'game:sync', gameId: two.gameId, version: 0 }, 'game:state');
    await play(two.black, two.gameId, 'c7c5');
    expect(await witness.next('game:fen')).toMatchObject({ gameId: two.gameId, moveCount: 2 });
    expect(thumbs.drain()).toEqual([]);
    thumbs.close();
    witness.close();
  });
});

describe('visitor sockets', () => {
  it('may watch an online game as a spectator, and nothing else', async () => {
    const { gameId, code, white } = await roomGame();
    const player = await LiveClient.as(url, white);
    await player.ask({ type: 'room:join', code }, 'room:state');
    const visitor = await LiveClient.open(url, {});
    const { state } = await visitor.ask({ type: 'game:watch', gameId }, 'game:state');
    expect(state.id).toBe(gameId);
    expect(await player.next('game:spectators', (m) => m.count === 1)).toMatchObject({ gameId, count: 1 });

    const before = await snapshot(server, gameId);
    const version = state.version;
    const forged = [
      { type: 'room:join', code },
      { type: 'room:leave' },
      { type: 'game:move', gameId, from: 'e2', to: 'e4', version },
      { type: 'game:resign', gameId },
      { type: 'game:draw_request', gameId },
      { type: 'game:claim', gameId, result: 'win' },
      { type: 'game:rematch_offer', gameId },
    ];
    for (const message of forged) {
      expect(await visitor.ask(message, 'error')).toEqual({
        type: 'error',
        code: 'signInRequired',
        message: 'Sign in or choose a guest name first',
      });
    }
    expect(await snapshot(server, gameId)).toEqual(before);
    // Still watching: the game goes on, and the visitor sees it.
    await play(white, gameId, 'e2e4');
    expect(await visitor.next('game:move')).toMatchObject({ gameId, text: 'e2e4' });
    visitor.close();
    expect(await player.next('game:spectators', (m) => m.count === 0)).toMatchObject({ count: 0 });
    player.close();
  });

  it('may not watch a computer game', async () => {
    const owner = await server.signedIn();
    const computer = await createGame(owner, { isComputerGame: true, humanPlayer: 'white' });
    const visitor = await LiveClient.open(url, {});
    expect(await visitor.ask({ type: 'game:watch', gameId: computer.id }, 'error')).toMatchObject({
      message: 'Game not found',
    });
    expect(await visitor.ask({ type: 'game:sync', gameId: computer.id, version: 0 }, 'error')).toMatchObject({
      message: 'Game not found',
    });
    visitor.close();
  });
});
