import {
  GUEST_NAME_FOR_LOBBY,
  GuestRequest,
  type LobbyPlayer,
  SeekRequest,
  type SeekResponse,
} from '@sbc/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, notFound } from '../../errors.ts';
import { addressLimit } from '../accounts/limits.ts';
import { type Player, playerOf, seatTaker } from '../rooms/guests.ts';
import { TooManySeeks } from './lobby.ts';
import { cancelSeek, findSeek, seekFate } from './store.ts';

const bySeek = z.object({ id: z.uuid({ error: 'Seek not found' }) });
type BySeek = { Params: z.infer<typeof bySeek> };

/** The caller, a user or a guest; 401 for a visitor. */
function seeker(request: FastifyRequest, secret: string): Player {
  const player = playerOf(request, secret);
  if (!player) throw new HttpError(401, GUEST_NAME_FOR_LOBBY, { code: 'guestNameRequired' });
  return player;
}

/** A seek or an accept; past the player's limit, the 429 says when to come back in `retry-after`. */
async function limited<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof TooManySeeks) reply.header('retry-after', error.seconds);
    throw error;
  }
}

/** The lobby (docs/api.md, "Lobby"): a visitor becomes a guest, seeks, accepts, cancels, reads the lobby. */
export async function lobbyRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { lobby } = services;
  const db = services.database.db;
  const seekLimit = addressLimit(app, 'seek');

  /** The caller's own seek; 404 for anyone else's, as for one that does not exist. */
  async function ownSeek(request: FastifyRequest<BySeek>) {
    const player = playerOf(request, services.secret);
    const row = await findSeek(db, request.params.id);
    if (!player || row?.playerId !== player.id) throw notFound('Seek not found');
    return { player, row };
  }

  app.addHook('onReady', () => lobby.start());
  app.addHook('preClose', () => lobby.stop());

  app.post<{ Body: z.output<typeof GuestRequest> }>(
    '/api/guest',
    { schema: { body: GuestRequest }, config: addressLimit(app, 'guest') },
    async (request, reply): Promise<LobbyPlayer> => {
      const { id, name, isGuest } = await seatTaker(
        request,
        reply,
        services,
        request.body.displayName,
        GUEST_NAME_FOR_LOBBY,
      );
      return { id, name, isGuest, rating: null };
    },
  );

  app.get('/api/lobby', async (request) => lobby.state(playerOf(request, services.secret)?.id ?? null));

  app.post<{ Body: z.output<typeof SeekRequest> }>(
    '/api/lobby/seeks',
    { schema: { body: SeekRequest }, config: seekLimit },
    async (request, reply): Promise<SeekResponse> => {
      const player = seeker(request, services.secret);
      const { created, answer } = await limited(reply, lobby.seek(player, request.user, request.body));
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.get<BySeek>('/api/lobby/seeks/:id', { schema: { params: bySeek } }, async (request) =>
    seekFate((await ownSeek(request)).row),
  );

  app.delete<BySeek>('/api/lobby/seeks/:id', { schema: { params: bySeek } }, async (request) => {
    const { player } = await ownSeek(request);
    const row = (await cancelSeek(db, player.id, request.params.id, services.now()))!;
    if (row.endReason === 'cancelled') await lobby.closed([row.id]);
    return seekFate(row);
  });

  app.post<BySeek>(
    '/api/lobby/seeks/:id/accept',
    { schema: { params: bySeek }, config: seekLimit },
    async (request, reply): Promise<SeekResponse> => {
      const player = seeker(request, services.secret);
      const answer = await limited(reply, lobby.accept(player, request.user, request.params.id));
      return reply.status(201).send(answer);
    },
  );
}
