import {
  type Leaderboards,
  type PageQuery,
  type PlayerGamePage,
  PlayerGamesQuery,
  PlayerParams,
  type Profile,
  type RatingHistory,
} from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { findPlayer, readHistory, readPlayerGames, readProfile } from './store.ts';

type ByPlayer = { Params: z.infer<typeof PlayerParams> };

/**
 * Profiles and leaderboards (docs/api.md, "Ratings and profiles"): public, no session needed;
 * nothing private of an account is answered.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;

  async function player(username: string): Promise<UserRow> {
    const user = await findPlayer(db, username);
    if (!user) throw notFound('Player not found');
    return user;
  }

  app.get<ByPlayer>(
    '/api/players/:username',
    { schema: { params: PlayerParams } },
    async (request): Promise<Profile> => readProfile(db, await player(request.params.username)),
  );

  app.get<ByPlayer>(
    '/api/players/:username/ratings',
    { schema: { params: PlayerParams } },
    async (request): Promise<RatingHistory> => readHistory(db, (await player(request.params.username)).id),
  );

  app.get<ByPlayer & { Querystring: PageQuery }>(
    '/api/players/:username/games',
    { schema: { params: PlayerParams, querystring: PlayerGamesQuery } },
    async (request): Promise<PlayerGamePage> => {
      const user = await player(request.params.username);
      return readPlayerGames(db, user.id, request.query);
    },
  );

  app.get('/api/leaderboards', async (): Promise<Leaderboards> => services.leaderboards.get());
}
