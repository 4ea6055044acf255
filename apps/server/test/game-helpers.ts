import type { GameActionResponse, GameResponse } from '@sbc/api';
import { Game } from '@sbc/game';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { games, moves } from '../src/db/schema.ts';
import type { StoredRecord } from '../src/features/games/types.ts';
import type { Agent, TestServer } from './helpers.ts';

/** Creates a game through the API; fails the test unless it is created. */
export async function createGame(agent: Agent, body: Record<string, unknown> = {}): Promise<GameResponse> {
  const res = await agent.post('/api/games', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Plays `e2e4`-style moves (with an optional promotion letter) through POST /moves. */
export async function play(agent: Agent, id: string, ...texts: string[]): Promise<GameActionResponse> {
  let body: GameActionResponse | undefined;
  for (const text of texts) {
    const promotion = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' }[text[4] ?? ''];
    const res = await agent.post(`/api/games/${id}/moves`, {
      from: text.slice(0, 2),
      to: text.slice(2, 4),
      promotion,
    });
    expect(res.status, `${text}: ${JSON.stringify(res.body)}`).toBe(200);
    body = res.body;
  }
  return body!;
}

/** The game's row and its move rows, to check that a refused request changed nothing. */
export async function snapshot(server: TestServer, id: string) {
  const db = server.app.services.database.db;
  const [game] = await db.select().from(games).where(eq(games.id, id));
  const rows = await db.select().from(moves).where(eq(moves.gameId, id)).orderBy(moves.moveNumber);
  return { game, moves: rows };
}

/** The stored record of a new game of `mode`. */
function newRecord(mode: 'local' | 'computer' | 'online'): StoredRecord {
  const created = Game.create({ mode });
  if (!created.ok) throw new Error(created.error.message);
  return { ...created.value.toRecord(), pendingPromotion: null, clock: { white: 0, black: 0 } };
}

/**
 * `modes.length` games of the player as white, one of each mode in turn, written directly (many
 * at once, past the API's limits): a second apart, the last made now. Answers their ids, newest first.
 */
export async function insertGames(
  server: TestServer,
  playerId: string,
  modes: ('local' | 'computer')[],
  values: Partial<typeof games.$inferInsert> = {},
): Promise<string[]> {
  const now = server.app.services.now().getTime();
  const rows = await server.app.services.database.db
    .insert(games)
    .values(
      modes.map((mode, i) => {
        const at = new Date(now - (modes.length - 1 - i) * 1000);
        const record = newRecord(mode);
        return {
          mode,
          ownerId: playerId,
          whitePlayerId: playerId,
          record,
          createdAt: at,
          lastMoveAt: at,
          ...values,
        };
      }),
    )
    .returning({ id: games.id });
  return rows.map((r) => r.id).reverse();
}

/** An online game between two users, written directly: rooms, which create them, come later. */
export async function insertOnlineGame(
  server: TestServer,
  whiteId: string,
  blackId: string,
): Promise<string> {
  const record = newRecord('online');
  const now = server.app.services.now();
  const [row] = await server.app.services.database.db
    .insert(games)
    .values({
      mode: 'online',
      ownerId: whiteId,
      whitePlayerId: whiteId,
      blackPlayerId: blackId,
      roomId: 'ROOM1234',
      record,
      createdAt: now,
      lastMoveAt: now,
    })
    .returning();
  return row.id;
}
