import {
  ChoiceIntention,
  CreateGameRequest,
  DrawResponseRequest,
  type GameActionResponse,
  GameIntention,
  type GamePage,
  GamesQuery,
  MoveIntention,
  NoBody,
} from '@sbc/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import { gameCreationLimit } from '../accounts/limits.ts';
import { applyIntention, requestDraw, resign, respondToDraw } from './intentions.ts';
import { refuseOverLiveCap } from './live-cap.ts';
import { refuseDuringMaintenance } from './maintenance.ts';
import { gamePage, yourTurnPage } from './paging.ts';
import { act, createGame } from './service.ts';
import { statistics } from './stats.ts';
import { playedBy, playerGames } from './store.ts';
import { endInactiveGames } from './sweeper.ts';

const params = z.object({ id: z.string() });
type Id = { Params: z.infer<typeof params> };

/** The player's game calls (docs/api.md §5; the reads are in reads.ts). Every intention goes through `act`. */
export async function playerRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;
  /** The intention as the signed-in user's, answered with the whole game. */
  const answer = async (
    request: FastifyRequest<Id>,
    apply: Parameters<typeof act>[4],
  ): Promise<GameActionResponse> =>
    (await act(services, request.log, requireUser(request).id, request.params.id, apply)).view();
  // Signed-in first: a stranger learns nothing, not even whether the body was valid.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  const creationLimit = gameCreationLimit(app);
  app.post<{ Body: z.output<typeof CreateGameRequest> }>(
    '/api/games',
    { schema: { body: CreateGameRequest }, config: creationLimit.config, preHandler: creationLimit.guard },
    async (request, reply) => {
      const user = requireUser(request);
      await refuseDuringMaintenance(db, user);
      await refuseOverLiveCap(services, request.log, user.id);
      return reply.status(201).send(await createGame(services, user, request.body));
    },
  );

  app.get<{ Querystring: GamesQuery }>(
    '/api/games',
    { schema: { querystring: GamesQuery } },
    async (request): Promise<GamePage> => {
      const { id } = requireUser(request);
      const { mode, turn, ...page } = request.query;
      return services.gameLists.read(id, request.query, () =>
        turn ? yourTurnPage(db, page, id) : gamePage(db, page, playerGames(id, mode)),
      );
    },
  );

  app.get('/api/games/statistics', async (request) => statistics(db, requireUser(request).id));

  app.post('/api/games/check-abandoned', { schema: { body: NoBody } }, async (request) =>
    endInactiveGames(services, request.log, playedBy(requireUser(request).id)),
  );

  app.post<Id & { Body: MoveIntention }>(
    '/api/games/:id/moves',
    { schema: { params, body: MoveIntention } },
    async (request) =>
      answer(request, (loaded, userId) =>
        applyIntention(loaded, userId, { action: 'move', ...request.body }),
      ),
  );

  app.patch<Id & { Body: GameIntention }>(
    '/api/games/:id',
    { schema: { params, body: GameIntention } },
    async (request) => answer(request, (loaded, userId) => applyIntention(loaded, userId, request.body)),
  );

  app.post<Id & { Body: ChoiceIntention }>(
    '/api/games/:id/choice',
    { schema: { params, body: ChoiceIntention } },
    async (request) =>
      answer(request, (loaded, userId) =>
        applyIntention(loaded, userId, { action: 'choose', ...request.body }),
      ),
  );

  app.post<Id>('/api/games/:id/resign', { schema: { params, body: NoBody } }, async (request) =>
    answer(request, resign),
  );

  app.post<Id>('/api/games/:id/draw/request', { schema: { params, body: NoBody } }, async (request) =>
    answer(request, requestDraw),
  );

  app.post<Id & { Body: DrawResponseRequest }>(
    '/api/games/:id/draw/respond',
    { schema: { params, body: DrawResponseRequest } },
    async (request) =>
      answer(request, (loaded, userId) => respondToDraw(loaded, userId, request.body.accept)),
  );
}
