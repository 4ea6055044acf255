import {
  type CurrentGame,
  type FeaturedGameResponse,
  type GameResponse,
  type MoveRecord,
  type Page,
  PageQuery,
} from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { currentGames, featuredGame } from './current.ts';
import { colorsOf } from './intentions.ts';
import { readGame, viewTime } from './service.ts';
import { findGameRow, listMoves } from './store.ts';
import type { GameRow } from './types.ts';
import { gameView, moveView } from './view.ts';

const params = z.object({ id: z.string() });
type Id = { Params: z.infer<typeof params> };

/**
 * Who may read a game (docs/api.md §5): anyone an online game, public to watch as on lichess; its
 * players their own; an admin any. A stranger's read is answered as an unknown id's.
 */
export const mayRead = (row: GameRow, reader: UserRow | null): boolean =>
  row.mode === 'online' || (!!reader && (reader.isAdmin || colorsOf(row, reader.id).length > 0));

/** The game reads: no session needed, so they stand apart from the player's calls (player.ts). */
export async function gameReadRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const now = () => services.now().getTime();

  // The current games and the featured one: online games in play, which anyone may watch.
  app.get<{ Querystring: PageQuery }>(
    '/api/games/live',
    { schema: { querystring: PageQuery } },
    async (request): Promise<Page<CurrentGame>> => currentGames(services.database.db, request.query, now()),
  );
  app.get(
    '/api/games/featured',
    async (): Promise<FeaturedGameResponse> => ({ game: await featuredGame(services.database.db, now()) }),
  );

  app.get<Id>('/api/games/:id', { schema: { params } }, async (request): Promise<GameResponse> => {
    const loaded = await readGame(services, request.params.id);
    if (!loaded || !mayRead(loaded.row, request.user)) throw notFound('Game not found');
    return gameView(loaded, loaded.game.state(), viewTime(services));
  });

  // Polled every 2 s online: answered from the move rows, without replaying the game.
  app.get<Id>('/api/games/:id/moves', { schema: { params } }, async (request): Promise<MoveRecord[]> => {
    const db = services.database.db;
    const row = await findGameRow(db, request.params.id);
    if (!row || !mayRead(row, request.user)) throw notFound('Game not found');
    return (await listMoves(db, row.id)).map(moveView);
  });
}
