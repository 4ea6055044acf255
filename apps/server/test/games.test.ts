import {
  AdminGamePage,
  GameActionResponse,
  GamePage,
  GameResponse,
  GameStatistics,
  MoveList,
  pageCursor,
} from '@sbc/api';
import { Game } from '@sbc/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema.ts';
import type { GameEvent } from '../src/events/bus.ts';
import { endOnTime } from '../src/features/games/clocks.ts';
import { createGame, insertGames, insertOnlineGame, play, snapshot } from './game-helpers.ts';
import { startServer, type TestServer } from './helpers.ts';

let server: TestServer;
// PGlite starts in a few seconds, longer on a busy machine. Every test's games come from one
// address: the creation limits are raised (games-limits.test.ts tests them as they are).
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_SCALE: '10' } });
}, 60_000);
afterAll(() => server.close());

/** Events published while `action` runs. */
async function eventsDuring(action: () => Promise<unknown>): Promise<GameEvent[]> {
  const seen: GameEvent[] = [];
  const stop = server.app.services.bus.subscribe((e) => seen.push(e));
  try {
    await action();
  } finally {
    stop();
  }
  return seen;
}

// A white mate in one: Rh8#.
const MATE_IN_ONE = '4k3/8/4K3/8/8/8/8/7R w - - 0 1';
// Qb6 stalemates the lone black king.
const STALEMATE_IN_ONE = 'k7/2K5/8/1Q6/8/8/8/8 w - - 0 1';
const DOUBLE_BOX = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';

describe('creating games', () => {
  it('creates a local game: the owner plays both sides and is recorded as white', async () => {
    const agent = await server.signedIn();
    const game = GameResponse.parse(await createGame(agent));
    expect(game).toMatchObject({
      mode: 'local',
      roomId: null,
      whitePlayerId: agent.user.id,
      blackPlayerId: null,
      whitePlayer: { username: agent.user.username },
      blackPlayer: null,
      moveCount: 0,
      status: 'active',
      currentTurn: 'white',
      winner: null,
      drawRequestStatus: null,
      version: 0,
    });
    expect(game.gameState).toMatchObject({ currentPlayer: 'white', isComputerGame: false, moveCount: 0 });
    expect(game.gameState.board).toHaveLength(8);
    expect(game.gameState.gameTimer).toEqual({
      white: 0,
      black: 0,
      lastMoveTime: Date.parse(game.lastMoveAt),
    });
    expect(game.gameState.inactivityDeadline).toBe(Date.parse(game.lastMoveAt) + 5 * 60_000);
  });

  it("creates a computer game with the owner on the human's colour", async () => {
    const agent = await server.signedIn();
    const game = await createGame(agent, {
      isComputerGame: true,
      humanPlayer: 'black',
      aiDifficulty: 'hard',
    });
    expect(game).toMatchObject({ mode: 'computer', whitePlayerId: null, blackPlayerId: agent.user.id });
    expect(game.gameState).toMatchObject({
      isComputerGame: true,
      humanPlayer: 'black',
      aiDifficulty: 'hard',
    });
  });

  it('starts from an SBFEN, and refuses a bad one with the rules engine message', async () => {
    const agent = await server.signedIn();
    const game = await createGame(agent, { fen: DOUBLE_BOX });
    expect(game.gameState.sbfen).toBe(DOUBLE_BOX);
    expect(game.currentTurn).toBe('black');
    const bad = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1';
    const expected = Game.create({ sbfen: bad });
    if (expected.ok) throw new Error(`accepted: ${bad}`);
    expect(expected.error.code).toBe('sbfenRankCount');
    const res = await agent.post('/api/games', { fen: bad });
    expect(res).toMatchObject({ status: 400, body: expected.error });
    const standard = await agent.post('/api/games', { fen: DOUBLE_BOX, standard: true });
    expect(standard.status).toBe(400);
  });

  it('refuses unknown fields, wrong types, and strangers', async () => {
    const agent = await server.signedIn();
    expect((await agent.post('/api/games', { blackPlayerId: 'someone' })).status).toBe(400);
    expect((await agent.post('/api/games', { isComputerGame: 'yes' })).status).toBe(400);
    expect((await agent.post('/api/games', { humanPlayer: 'green' })).status).toBe(400);
    expect((await server.agent().post('/api/games', {})).status).toBe(401);
    expect((await server.agent().get('/api/games')).status).toBe(401);
  });
});

describe('playing', () => {
  it("plays a local fool's mate, and refuses any move after it", async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent);
    const events = await eventsDuring(() => play(agent, id, 'f2f3', 'e7e5', 'g2g4'));
    expect(events.map((e) => e.type)).toEqual(['game:move', 'game:move', 'game:move']);
    expect(events[2]).toMatchObject({ version: 3, written: { texts: ['g2g4'], columns: { moveCount: 3 } } });
    expect(JSON.parse(events[2].frame)).toMatchObject({ type: 'game:move', version: 3, text: 'g2g4' });
    const mate = GameActionResponse.parse(await play(agent, id, 'd8h4'));
    expect(mate).toMatchObject({ status: 'checkmate', winner: 'black', moveCount: 4, version: 4 });
    expect(mate.gameState.statusMessage).toBe('Checkmate! Black wins!');
    expect(mate.gameState.inactivityDeadline).toBeNull();
    const moves = MoveList.parse((await agent.get(`/api/games/${id}/moves`)).body);
    expect(moves.map((m) => [m.moveNumber, m.player, m.notation])).toEqual([
      [1, 'white', 'f3'],
      [2, 'black', 'e5'],
      [3, 'white', 'g4'],
      [4, 'black', 'Qh4#'],
    ]);
    const after = await agent.post(`/api/games/${id}/moves`, { from: 'a2', to: 'a3' });
    expect(after).toMatchObject({ status: 409, body: { message: 'Game has ended.', code: 'gameEnded' } });
    expect((await agent.post(`/api/games/${id}/resign`)).status).toBe(409);
  });

  it("plays a computer game: the owner submits the computer's moves, undo and redo take both back", async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent, { isComputerGame: true, humanPlayer: 'white' });
    await play(agent, id, 'e2e4'); // the human
    await play(agent, id, 'e7e5'); // the computer, checked like any move
    await play(agent, id, 'g1f3', 'b8c6', 'f1c4');
    const illegal = await agent.post(`/api/games/${id}/moves`, { from: 'g8', to: 'g5' });
    expect(illegal).toMatchObject({ status: 400, body: { message: 'Invalid move', code: 'invalidMove' } });
    await play(agent, id, 'g8f6');
    const undone = await agent.patch(`/api/games/${id}`, { action: 'undo' });
    expect(undone.body).toMatchObject({ message: 'Undone human move and AI response', moveCount: 4 });
    expect((await snapshot(server, id)).moves.map((m) => m.notation)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    const redone = await agent.patch(`/api/games/${id}`, { action: 'redo' });
    expect(redone.body).toMatchObject({ message: 'Redone human move and AI response', moveCount: 6 });
    const rows = (await snapshot(server, id)).moves;
    expect(rows.map((m) => [m.moveNumber, m.notation])).toEqual([
      [1, 'e4'],
      [2, 'e5'],
      [3, 'Nf3'],
      [4, 'Nc6'],
      [5, 'Bc4'],
      [6, 'Nf6'],
    ]);
    const noRedo = await agent.patch(`/api/games/${id}`, { action: 'redo' });
    expect(noRedo).toMatchObject({ status: 400, body: { message: 'No moves to redo', code: 'noRedo' } });
    const resigned = await agent.post(`/api/games/${id}/resign`);
    // In a computer game the human resigns, whoever is to move.
    expect(resigned.body).toMatchObject({
      status: 'resigned',
      winner: 'black',
      message: 'White has resigned.',
    });
  });

  it('attacks a double box from an SBFEN and takes the defender choice', async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent, { fen: DOUBLE_BOX });
    const attack = await play(agent, id, 'b7c6');
    expect(attack.message).toBe('Shared box attacked! White must choose which piece to sacrifice.');
    expect(attack.currentTurn).toBe('white');
    expect(attack.gameState.pendingDefenderChoice).toMatchObject({
      coordinate: 'c6',
      defender: 'white',
      defendingSharedBox: { options: ['knight', 'bishop'] },
    });
    const blocked = await agent.post(`/api/games/${id}/moves`, { from: 'e1', to: 'e2' });
    expect(blocked).toMatchObject({
      status: 400,
      body: { message: 'The attacked side must first choose which piece to sacrifice' },
    });
    const wrong = await agent.post(`/api/games/${id}/choice`, { sacrifice: 'queen' });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'The attacked box holds no queen to sacrifice' },
    });
    const chosen = await agent.post(`/api/games/${id}/choice`, { sacrifice: 'bishop' });
    expect(chosen.body).toMatchObject({
      message: 'Bishop sacrificed, mixed shared box created',
      moveCount: 1,
      currentTurn: 'white',
    });
    expect(chosen.body.gameState.sbfen).toBe(
      'r1bqkbnr/2pp1ppp/p1(Np)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5',
    );
    const [row] = (await snapshot(server, id)).moves;
    expect(row).toMatchObject({
      moveNumber: 1,
      notation: 'bxc6',
      sacrificed: 'bishop',
      capturedPiece: 'bishop',
      isSharedBoxAttacked: true,
    });
    const again = await agent.patch(`/api/games/${id}`, { action: 'choose', sacrifice: 'knight' });
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'No pending defender choice', code: 'noPendingChoice' },
    });
  });

  it('waits for a promotion piece, then promotes through PATCH', async () => {
    const agent = await server.signedIn();
    const { id } = await createGame(agent, { fen: 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1' });
    const pending = await play(agent, id, 'b7b8');
    expect(pending).toMatchObject({ moveCount: 0, version: 1 });
    expect(pending.gameState.pendingPromotion).toEqual({ from: 'b7', to: 'b8' });
    expect((await agent.get(`/api/games/${id}`)).body.gameState.pendingPromotion).toEqual({
      from: 'b7',
      to: 'b8',
    });
    const other = await agent.post(`/api/games/${id}/moves`, { from: 'e1', to: 'e2' });
    expect(other).toMatchObject({
      status: 400,
      body: { message: 'Choose a promotion piece first', code: 'promotionPending' },
    });
    const promoted = await agent.patch(`/api/games/${id}`, { action: 'promote', piece: 'queen' });
    expect(promoted.body).toMatchObject({
      message: 'Pawn promoted to queen',
      moveCount: 1,
      currentTurn: 'black',
    });
    expect((await agent.get(`/api/games/${id}/moves`)).body[0]).toMatchObject({
      notation: 'b8=Q+',
      promotedTo: 'queen',
    });
    const direct = await createGame(agent, { fen: 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1' });
    const captured = await play(agent, direct.id, 'b7a8n');
    expect(captured.message).toBe('Captured rook and promoted to knight!');
  });

  it('declares a local draw at once and lets the side to move resign locally', async () => {
    const agent = await server.signedIn();
    const drawn = await createGame(agent);
    const draw = await agent.post(`/api/games/${drawn.id}/draw/request`);
    expect(draw.body).toMatchObject({ status: 'draw', winner: null, message: 'Game drawn by agreement.' });
    const respond = await agent.post(`/api/games/${drawn.id}/draw/respond`, { accept: true });
    expect(respond.status).toBe(409);
    const resigned = await createGame(agent);
    await play(agent, resigned.id, 'e2e4');
    const res = await agent.post(`/api/games/${resigned.id}/resign`);
    expect(res.body).toMatchObject({ status: 'resigned', winner: 'white', message: 'Black has resigned.' });
  });
});

describe('resigning and offering a draw in check', () => {
  // 1.e4 f5 2.Qh5+: Black, to move, is in check.
  const CHECK = 'rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2';

  it('accepts both in a local and a computer game', async () => {
    const agent = await server.signedIn();
    const local = await createGame(agent, { fen: CHECK });
    expect(local.status).toBe('check');
    const drawn = await agent.post(`/api/games/${local.id}/draw/request`);
    expect(drawn.body).toMatchObject({ status: 'draw', winner: null });
    const computer = await createGame(agent, { fen: CHECK, isComputerGame: true, humanPlayer: 'black' });
    const resigned = await agent.post(`/api/games/${computer.id}/resign`);
    expect(resigned.body).toMatchObject({ status: 'resigned', winner: 'white' });
  });

  it('accepts both online', async () => {
    const white = await server.signedIn();
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, white.user.id, black.user.id);
    await play(white, id, 'e2e4');
    await play(black, id, 'f7f5');
    await play(white, id, 'd1h5');
    const offered = await black.post(`/api/games/${id}/draw/request`);
    expect(offered.body).toMatchObject({ status: 'check', drawRequestStatus: 'pending' });
    const resigned = await black.post(`/api/games/${id}/resign`);
    expect(resigned.body).toMatchObject({ status: 'resigned', winner: 'white' });
  });
});

describe('online games', () => {
  it('lets each player move only their own colour, on their turn', async () => {
    const white = await server.signedIn();
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, white.user.id, black.user.id);
    const game = (await black.get(`/api/games/${id}`)).body;
    expect(game).toMatchObject({
      mode: 'online',
      roomId: 'ROOM1234',
      blackPlayer: { username: black.user.username },
    });
    const early = await black.post(`/api/games/${id}/moves`, { from: 'e7', to: 'e5' });
    expect(early).toMatchObject({
      status: 409,
      body: { message: 'It is not your turn', code: 'notYourTurn' },
    });
    await play(white, id, 'e2e4');
    expect((await white.post(`/api/games/${id}/moves`, { from: 'd2', to: 'd4' })).status).toBe(409);
    const foreign = await black.post(`/api/games/${id}/moves`, { from: 'd2', to: 'd4' });
    expect(foreign).toMatchObject({ status: 400, body: { message: 'No piece to move', code: 'noPiece' } });
    await play(black, id, 'e7e5');
    const undo = await white.patch(`/api/games/${id}`, { action: 'undo' });
    expect(undo).toMatchObject({
      status: 400,
      body: { message: 'Undo and redo are not available in online games' },
    });
  });

  it('runs the draw flow: request, only the opponent answers, reject, then accept', async () => {
    const white = await server.signedIn();
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, white.user.id, black.user.id);
    const requested = await eventsDuring(() => white.post(`/api/games/${id}/draw/request`));
    expect(requested.map((e) => [e.type, JSON.parse(e.frame).requestedBy])).toEqual([
      ['game:draw_requested', white.user.id],
    ]);
    const game = (await black.get(`/api/games/${id}`)).body;
    expect(game).toMatchObject({
      status: 'active',
      drawRequestStatus: 'pending',
      drawRequestedBy: white.user.id,
    });
    expect((await white.post(`/api/games/${id}/draw/request`)).status).toBe(409);
    const self = await white.post(`/api/games/${id}/draw/respond`, { accept: true });
    expect(self).toMatchObject({
      status: 403,
      body: { message: 'Only your opponent can respond to your draw request' },
    });
    const rejected = await black.post(`/api/games/${id}/draw/respond`, { accept: false });
    expect(rejected.body).toMatchObject({ status: 'active', drawRequestStatus: 'rejected' });
    expect((await black.post(`/api/games/${id}/draw/respond`, { accept: true })).status).toBe(409);
    await black.post(`/api/games/${id}/draw/request`);
    const accepted = await white.post(`/api/games/${id}/draw/respond`, { accept: true });
    expect(accepted.body).toMatchObject({ status: 'draw', winner: null, drawRequestStatus: 'accepted' });
  });

  it('tells in the list a draw the players agreed from one by rule', async () => {
    const white = await server.signedIn();
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, white.user.id, black.user.id);
    await white.post(`/api/games/${id}/draw/request`);
    await black.post(`/api/games/${id}/draw/respond`, { accept: true });
    server.advance(1000);
    const bare = await createGame(white, { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', standard: true });
    const list = GamePage.parse((await white.get('/api/games')).body).items;
    expect(list.map((g) => [g.id, g.status, g.gameState.drawByAgreement])).toEqual([
      [bare.id, 'draw', false],
      [id, 'draw', true],
    ]);
  });

  it("names in the list the clocks' draws, which are no agreement", async () => {
    const agent = await server.signedIn();
    // Black has its king and a knight: White's flag is a draw.
    const game = await createGame(agent, {
      fen: '4k1n1/8/8/8/8/8/4P3/4K3 w - - 0 1',
      timeControl: { kind: 'clock', minutes: 1, increment: 0 },
    });
    await play(agent, game.id, 'e2e3', 'e8e7');
    server.advance(60_000);
    await endOnTime(server.app.services, server.app.log, game.id);
    const [listed] = GamePage.parse((await agent.get('/api/games')).body).items;
    expect(listed.status).toBe('draw');
    expect(listed.gameState).toMatchObject({
      drawByAgreement: false,
      endDrawReason: 'timeout-vs-insufficient',
    });
  });

  it("resigns the user's own colour and names the winner in the event", async () => {
    const white = await server.signedIn();
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, white.user.id, black.user.id);
    const events = await eventsDuring(() => black.post(`/api/games/${id}/resign`));
    expect(events[0]).toMatchObject({
      type: 'game:resigned',
      gameId: id,
      over: true,
    });
    expect(JSON.parse(events[0].frame)).toMatchObject({
      resignedBy: black.user.id,
      winnerId: white.user.id,
      state: { status: 'resigned' },
    });
    expect((await white.get(`/api/games/${id}`)).body).toMatchObject({ status: 'resigned', winner: 'white' });
  });
});

describe('lists and statistics', () => {
  it("lists the user's games, newest first, and no one else's", async () => {
    const agent = await server.signedIn();
    const other = await server.signedIn();
    const first = await createGame(agent);
    server.advance(1000);
    const second = await createGame(agent, { isComputerGame: true });
    await createGame(other);
    const list = GamePage.parse((await agent.get('/api/games')).body).items;
    expect(list.map((g) => g.id)).toEqual([second.id, first.id]);
    expect(list[0].gameState).toEqual({
      isComputerGame: true,
      humanPlayer: 'white',
      aiDifficulty: 'medium',
      drawByAgreement: false,
      endDrawReason: null,
    });
    expect((await other.get(`/api/games/${first.id}`)).status).toBe(404);
    expect((await other.get(`/api/games/${first.id}/moves`)).status).toBe(404);
  });

  it('pages through every game, past the first 100, by number and by cursor', async () => {
    const agent = await server.signedIn();
    const ids = await insertGames(server, agent.user.id, Array(105).fill('local'));
    const page = async (query: string) => GamePage.parse((await agent.get(`/api/games?${query}`)).body);
    const first = await page('page=1');
    expect(first).toMatchObject({ page: 1, pageSize: 24, total: 105, totalPages: 5 });
    expect(first.items.map((g) => g.id)).toEqual(ids.slice(0, 24));
    const last = await page('page=5');
    expect(last.items.map((g) => g.id)).toEqual(ids.slice(96));
    const seen = [...first.items];
    for (let at = first; seen.length < 105; ) {
      at = await page(`page=${at.page + 1}&after=${pageCursor(at.items.at(-1)!)}`);
      seen.push(...at.items);
    }
    expect(seen.map((g) => g.id)).toEqual(ids);
    const back = await page(`page=4&before=${pageCursor(last.items[0])}`);
    expect(back.items.map((g) => g.id)).toEqual(ids.slice(72, 96));
  });

  it('filters by mode on the server, so that a filtered list pages correctly', async () => {
    const agent = await server.signedIn();
    const ids = await insertGames(server, agent.user.id, Array(60).fill(['local', 'computer']).flat());
    const computer = ids.filter((_, i) => i % 2 === 0); // newest first: the last made is a computer game
    const page = async (query: string) => GamePage.parse((await agent.get(`/api/games?${query}`)).body);
    const second = await page('mode=computer&page=2&pageSize=50');
    expect(second).toMatchObject({ total: 60, totalPages: 2 });
    expect(second.items.map((g) => g.id)).toEqual(computer.slice(50));
    expect(second.items.every((g) => g.mode === 'computer')).toBe(true);
    const local = await page('mode=local&pageSize=100');
    expect(local.items.map((g) => g.id)).toEqual(ids.filter((_, i) => i % 2 === 1));
    const online = await page('mode=online');
    expect(online).toMatchObject({ items: [], total: 0, totalPages: 1 });
  });

  it('refuses a bad page, size, mode or cursor of the list with a message', async () => {
    const agent = await server.signedIn();
    for (const [query, message] of [
      ['page=0', 'page: page must be at least 1'],
      ['pageSize=101', 'pageSize: pageSize must be at most 100'],
      ['mode=room', 'mode:'],
      ['after=yesterday', 'after: after must be a page cursor: <createdAt>_<id> of a row'],
    ]) {
      const res = await agent.get(`/api/games?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toContain(message);
    }
  });

  it("keeps each page of the player's list apart, and drops them all when a game is written", async () => {
    const agent = await server.signedIn();
    // Over, so that the player may start another.
    const ids = await insertGames(server, agent.user.id, Array(30).fill('local'), { status: 'resigned' });
    const ofPage = async (query: string) =>
      GamePage.parse((await agent.get(`/api/games?${query}`)).body).items.map((g) => g.id);
    expect(await ofPage('page=1')).toEqual(ids.slice(0, 24));
    expect(await ofPage('page=2')).toEqual(ids.slice(24));
    server.advance(1000);
    const made = await createGame(agent);
    expect(await ofPage('page=1')).toEqual([made.id, ...ids.slice(0, 23)]);
    expect(await ofPage('page=2')).toEqual(ids.slice(23));
  });

  it('counts statistics in the shape of docs/api.md', async () => {
    const agent = await server.signedIn();
    const computer = (body: object = {}) => createGame(agent, { isComputerGame: true, ...body });
    await play(agent, (await computer({ fen: MATE_IN_ONE })).id, 'h1h8'); // won
    await play(agent, (await computer({ fen: MATE_IN_ONE, humanPlayer: 'black' })).id, 'h1h8'); // lost
    await agent.post(`/api/games/${(await computer()).id}/resign`); // lost, resigned
    // An offer the computer accepted (the page asks its engine first): a draw by agreement, no winner.
    const drawn = await agent.post(`/api/games/${(await computer()).id}/draw/request`); // drawn
    expect(drawn.body).toMatchObject({
      status: 'draw',
      winner: null,
      gameState: { drawReason: 'agreement' },
    });
    await computer(); // still going
    await play(agent, (await createGame(agent)).id, 'f2f3', 'e7e5', 'g2g4', 'd8h4'); // black won
    await play(agent, (await createGame(agent, { fen: MATE_IN_ONE })).id, 'h1h8'); // white won
    await agent.post(`/api/games/${(await createGame(agent)).id}/resign`); // white resigned: black won
    const stalemate = await play(agent, (await createGame(agent, { fen: STALEMATE_IN_ONE })).id, 'b5b6');
    expect(stalemate.status).toBe('stalemate'); // drawn
    const stats = GameStatistics.parse((await agent.get('/api/games/statistics')).body);
    expect(stats).toEqual({
      computerGames: { total: 5, won: 1, lost: 2, drawn: 1, resigned: 1, abandoned: 0 },
      twoPlayerGames: { total: 4, whiteWon: 1, blackWon: 2, drawn: 1, resigned: 1, abandoned: 0 },
    });
  });
});

describe('maintenance and admin', () => {
  it('answers 503 to game creation while maintenance is on; admins are not blocked', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const user = await server.signedIn();
    const on = await admin.post('/api/admin/maintenance', { enabled: true, message: 'Back at noon.' });
    expect(on).toMatchObject({ status: 200, body: { maintenanceMode: true, message: 'Back at noon.' } });
    const refused = await user.post('/api/games', {});
    expect(refused).toMatchObject({ status: 503, body: { maintenanceMode: true, message: 'Back at noon.' } });
    expect((await admin.post('/api/games', {})).status).toBe(201);
    const listed = await admin.get('/api/admin/settings');
    expect(listed.body).toEqual([
      {
        key: 'maintenance_mode',
        value: { enabled: true, message: 'Back at noon.' },
        updatedAt: expect.any(String),
      },
    ]);
    // A plain 'true' is tolerated, with the default message.
    const db = server.app.services.database.db;
    await db.update(settings).set({ value: 'true' }).where(eq(settings.key, 'maintenance_mode'));
    expect((await user.post('/api/games', {})).body).toEqual({
      maintenanceMode: true,
      message: 'System is under maintenance. Please try again later.',
    });
    const off = await admin.post('/api/admin/maintenance', { enabled: false });
    expect(off.body).toEqual({
      maintenanceMode: false,
      message: 'System is under maintenance. Please try again later.',
    });
    expect((await user.post('/api/games', {})).status).toBe(201);
  });

  it('lists every game for an admin', async () => {
    const admin = await server.signedIn({ isAdmin: true });
    const user = await server.signedIn();
    const game = await createGame(user);
    const list = AdminGamePage.parse((await admin.get('/api/admin/games')).body).items;
    expect(list[0]).toMatchObject({ id: game.id, whitePlayer: { username: user.user.username } });
  });
});
