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
import { sharedAnswer } from '../../common/shared-answer.ts';
import { notFound } from '../../errors.ts';
import { readHistory, readPlayerGames, readProfile } from './store.ts';

type ByPlayer = { Params: z.infer<typeof PlayerParams> };

/** A player's answer, read with the player in one statement: null when nobody has the username. */
function found<T>(answer: T | null): T {
  if (answer === null) throw notFound('Player not found');
  return answer;
}

/**
 * Profiles and leaderboards (docs/api.md, "Ratings and profiles"): public, no session needed;
 * nothing private of an account is answered.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;

  app.get<ByPlayer>(
    '/api/players/:username',
    { schema: { params: PlayerParams } },
    async (request): Promise<Profile> => found(await readProfile(db, request.params.username)),
  );

  app.get<ByPlayer>(
    '/api/players/:username/ratings',
    { schema: { params: PlayerParams } },
    async (request): Promise<RatingHistory> => found(await readHistory(db, request.params.username)),
  );

  app.get<ByPlayer & { Querystring: PageQuery }>(
    '/api/players/:username/games',
    { schema: { params: PlayerParams, querystring: PlayerGamesQuery } },
    async (request): Promise<PlayerGamePage> =>
      found(await readPlayerGames(db, request.params.username, request.query)),
  );

  const boards = sharedAnswer<Leaderboards>();
  app.get('/api/leaderboards', async (request, reply) =>
    boards(request, reply, await services.leaderboards.get()),
  );
}
