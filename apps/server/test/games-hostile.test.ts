import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { settings } from '../src/db/schema.ts';
import { createGame, insertOnlineGame, play, snapshot } from './game-helpers.ts';
import { type Agent, type Response, startServer, type TestServer } from './helpers.ts';

/**
 * A hostile client: every request gets the right 4xx, and the game's row and move rows are exactly
 * as they were before it.
 */
let server: TestServer;
let owner: Agent & { user: { id: string } };
let stranger: Agent;
let gameId: string;

// PGlite starts in a few seconds, longer on a busy machine.
beforeAll(async () => {
  server = await startServer();
  owner = await server.signedIn();
  stranger = await server.signedIn();
  gameId = (await createGame(owner)).id;
  await play(owner, gameId, 'e2e4', 'e7e5');
}, 60_000);
afterAll(() => server.close());

type Attempt = [name: string, send: () => Promise<Response>, status: number, message?: RegExp];

/** Runs each attempt and checks its status, its message, and that the game did not change. */
async function refuses(id: string, attempts: Attempt[]): Promise<void> {
  for (const [name, send, status, message] of attempts) {
    const before = await snapshot(server, id);
    const res = await send();
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
    expect(typeof res.body.message, name).toBe('string');
    if (message) expect(res.body.message, name).toMatch(message);
    expect(await snapshot(server, id), name).toEqual(before);
  }
}

const DERIVED = /server derives the game state/;

describe('a hostile client', () => {
  it('cannot forge a state, a status, a winner or a board through PATCH or the moves call', async () => {
    const url = `/api/games/${gameId}`;
    await refuses(gameId, [
      [
        'forged state',
        () => owner.patch(url, { gameState: { gameStatus: 'checkmate' }, status: 'checkmate' }),
        400,
        DERIVED,
      ],
      [
        'forged winner',
        () => owner.patch(url, { winner: 'white', currentTurn: 'black', moveCount: 99 }),
        400,
        DERIVED,
      ],
      [
        'move with a board',
        () => owner.patch(url, { action: 'move', from: 'g1', to: 'f3', board: [] }),
        400,
        DERIVED,
      ],
      [
        'move with a status',
        () => owner.patch(url, { action: 'move', from: 'g1', to: 'f3', status: 'checkmate' }),
        400,
        DERIVED,
      ],
      ['unknown action', () => owner.patch(url, { action: 'win' }), 400],
      ['unknown field', () => owner.patch(url, { action: 'undo', force: true }), 400, /Unrecognized key/],
      [
        'a move record with notation',
        () => owner.post(`${url}/moves`, { from: 'g1', to: 'f3', notation: 'Nf3#', capturedPiece: 'king' }),
        400,
        DERIVED,
      ],
      [
        'a state in the choice',
        () => owner.post(`${url}/choice`, { sacrifice: 'pawn', gameState: {} }),
        400,
        DERIVED,
      ],
    ]);
  });

  it('cannot move out of turn, replay a move, or move the other side', async () => {
    const url = `/api/games/${gameId}/moves`;
    await refuses(gameId, [
      ['white claims black', () => owner.post(url, { from: 'g1', to: 'f3', player: 'black' }), 409],
      [
        'replayed move 2',
        () => owner.post(url, { from: 'e7', to: 'e5', moveNumber: 2 }),
        409,
        /move 3 for white/,
      ],
      ['a move from the future', () => owner.post(url, { from: 'g1', to: 'f3', moveNumber: 9 }), 409],
      [
        "black's piece on white's turn",
        () => owner.post(url, { from: 'd7', to: 'd5' }),
        400,
        /No piece to move/,
      ],
      ['an illegal move', () => owner.post(url, { from: 'e1', to: 'e3' }), 400, /Invalid move/],
      ['no piece at all', () => owner.post(url, { from: 'e4', to: 'e4' }), 400],
    ]);
    // The intended move, sent twice with its number: the second is a replay.
    expect((await owner.post(url, { from: 'g1', to: 'f3', moveNumber: 3, player: 'white' })).status).toBe(
      200,
    );
    await refuses(gameId, [
      ['the same move again', () => owner.post(url, { from: 'g1', to: 'f3', moveNumber: 3 }), 409],
    ]);
  });

  it("cannot act on another user's game, nor learn that it exists", async () => {
    const url = `/api/games/${gameId}`;
    await refuses(gameId, [
      ['read', () => stranger.get(url), 404, /Game not found/],
      ['moves', () => stranger.get(`${url}/moves`), 404],
      ['move', () => stranger.post(`${url}/moves`, { from: 'b8', to: 'c6' }), 404],
      ['patch', () => stranger.patch(url, { action: 'undo' }), 404],
      ['choice', () => stranger.post(`${url}/choice`, { sacrifice: 'pawn' }), 404],
      ['resign', () => stranger.post(`${url}/resign`), 404],
      ['draw', () => stranger.post(`${url}/draw/request`), 404],
      ['respond', () => stranger.post(`${url}/draw/respond`, { accept: true }), 404],
      ['signed out', () => server.agent().post(`${url}/resign`), 401],
      ['signed out with a bad body', () => server.agent().patch(url, { status: 'draw' }), 401],
      ['an unknown game', () => owner.get('/api/games/00000000-0000-4000-8000-000000000000'), 404],
    ]);
    expect((await stranger.get('/api/games')).body).toMatchObject({ items: [], total: 0 });
  });

  it("cannot play the other player's colour or answer its own draw offer in an online game", async () => {
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, owner.user.id, black.user.id);
    await owner.post(`/api/games/${id}/draw/request`);
    await refuses(id, [
      ["black on white's turn", () => black.post(`/api/games/${id}/moves`, { from: 'e7', to: 'e5' }), 409],
      ["black moves white's pawn", () => black.post(`/api/games/${id}/moves`, { from: 'e2', to: 'e4' }), 409],
      ['own draw offer', () => owner.post(`/api/games/${id}/draw/respond`, { accept: true }), 403],
      ['undo online', () => owner.patch(`/api/games/${id}`, { action: 'undo' }), 400],
      ['a stranger', () => stranger.post(`/api/games/${id}/resign`), 404],
    ]);
    await play(owner, id, 'e2e4');
    await refuses(id, [
      [
        "black moves white's piece on its own turn",
        () => black.post(`/api/games/${id}/moves`, { from: 'd2', to: 'd4' }),
        400,
        /No piece to move/,
      ],
      [
        'white moves again',
        () => owner.post(`/api/games/${id}/moves`, { from: 'd2', to: 'd4' }),
        409,
        /not your turn/,
      ],
    ]);
  });

  it('refuses undo and redo after checkmate exactly as after resignation', async () => {
    const mated = (await createGame(owner)).id;
    await play(owner, mated, 'f2f3', 'e7e5', 'g2g4', 'd8h4');
    const resigned = (await createGame(owner)).id;
    await play(owner, resigned, 'e2e4');
    expect((await owner.post(`/api/games/${resigned}/resign`)).status).toBe(200);
    for (const id of [mated, resigned]) {
      for (const action of ['undo', 'redo']) {
        const before = await snapshot(server, id);
        const res = await owner.patch(`/api/games/${id}`, { action });
        expect(res).toMatchObject({ status: 409, body: { message: 'Game has ended.', code: 'gameEnded' } });
        expect(await snapshot(server, id)).toEqual(before);
      }
    }
  });

  it('refuses a move on a resigned game as ended, whichever side the final position has to move', async () => {
    const black = await server.signedIn();
    const id = await insertOnlineGame(server, owner.user.id, black.user.id);
    // White resigns on its own turn: the final position has white to move, not black.
    expect((await owner.post(`/api/games/${id}/resign`)).status).toBe(200);
    const ended = { status: 409, body: { message: 'Game has ended.', code: 'gameEnded' } };
    for (const [name, agent, from, to] of [
      ['black', black, 'e7', 'e5'],
      ['white', owner, 'e2', 'e4'],
    ] as const) {
      const before = await snapshot(server, id);
      expect(await agent.post(`/api/games/${id}/moves`, { from, to }), name).toMatchObject(ended);
      expect(await snapshot(server, id)).toEqual(before);
    }
  });

  it('refuses malformed JSON, oversized bodies, wrong types and injection-shaped strings', async () => {
    const url = `/api/games/${gameId}`;
    await refuses(gameId, [
      ['malformed JSON', () => owner.request('PATCH', url, '{"action":"move",'), 400, /not valid JSON/],
      [
        'oversized',
        () => owner.post(`${url}/moves`, { from: 'g1', to: 'f3', pad: 'x'.repeat(BODY_LIMIT) }),
        413,
      ],
      ['from is a number', () => owner.post(`${url}/moves`, { from: 5, to: 'f3' }), 400, /from/],
      ['an array body', () => owner.patch(url, [{ action: 'undo' }]), 400],
      ['a string body', () => owner.request('PATCH', url, '"undo"'), 400],
      ['accept as a string', () => owner.post(`${url}/draw/respond`, { accept: 'yes' }), 400],
      [
        'moveNumber as a string',
        () => owner.post(`${url}/moves`, { from: 'b8', to: 'c6', moveNumber: '4' }),
        400,
      ],
      [
        'negative moveNumber',
        () => owner.post(`${url}/moves`, { from: 'b8', to: 'c6', moveNumber: -1 }),
        400,
      ],
      ['a king sacrificed', () => owner.post(`${url}/choice`, { sacrifice: 'king' }), 400],
      [
        'promotion to a king',
        () => owner.post(`${url}/moves`, { from: 'b8', to: 'c6', promotion: 'king' }),
        400,
      ],
      [
        'SQL in a square',
        () => owner.post(`${url}/moves`, { from: "e2'; DROP TABLE games;--", to: 'e4' }),
        400,
        /from: must be a square/,
      ],
      ['a square too far', () => owner.post(`${url}/moves`, { from: 'b8', to: 'c9' }), 400],
      ['SQL in the id', () => owner.get(`/api/games/${encodeURIComponent("1' OR '1'='1")}`), 404],
      [
        'SQL in the id of a move',
        () => owner.post(`/api/games/${encodeURIComponent("x' OR 1=1--")}/moves`, { from: 'b8', to: 'c6' }),
        404,
      ],
      ['a NUL byte in the id', () => owner.get('/api/games/%00'), 404],
      ['a path in the id', () => owner.get(`/api/games/${encodeURIComponent('../admin/games')}`), 404],
      ['a huge SBFEN', () => owner.post('/api/games', { fen: 'x'.repeat(5000) }), 400],
    ]);
  });

  it('cannot call the admin routes as a plain user', async () => {
    const db = server.app.services.database.db;
    const before = await db.select().from(settings);
    for (const [method, url, body] of [
      ['GET', '/api/admin/games', undefined],
      ['GET', '/api/admin/settings', undefined],
      ['POST', '/api/admin/maintenance', { enabled: true, message: 'pwned' }],
      ['POST', '/api/admin/maintenance', { enabled: 'yes' }],
    ] as const) {
      const res = await owner.request(method, url, body);
      expect(res, url).toMatchObject({ status: 403 });
      expect((await server.agent().request(method, url, body)).status, url).toBe(401);
    }
    expect(await db.select().from(settings)).toEqual(before);
    expect((await owner.post('/api/games', {})).status).toBe(201);
  });
});
