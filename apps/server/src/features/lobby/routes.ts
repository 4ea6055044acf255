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
import { addressLimit, windowCounters } from '../accounts/limits.ts';
import { refuseDuringMaintenance } from '../games/maintenance.ts';
import { type Player, playerOf, seatTaker } from '../rooms/guests.ts';
import { acceptSeek, placeSeek, wantedBy } from './pairing.ts';
import { cancelSeek, findSeek, seekFate, seekView } from './store.ts';

/** Seeks and accepts one player may make a minute (RATE_LIMIT_SCALE applies), besides the address's. */
export const SEEKS_PER_MINUTE = 30;

const bySeek = z.object({ id: z.uuid({ error: 'Seek not found' }) });
type BySeek = { Params: z.infer<typeof bySeek> };

/** The lobby (docs/api.md, "Lobby"): a visitor becomes a guest, seeks, accepts, cancels, reads the lobby. */
export async function lobbyRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const { lobby } = services;
  const db = services.database.db;
  const perPlayer = Math.round(SEEKS_PER_MINUTE * services.config.RATE_LIMIT_SCALE);
  const counters = windowCounters(services, 'sbc:player:seeks:', 60_000);
  const seekLimit = addressLimit(app, 'seek');

  /** The caller, a user or a guest (401 for a visitor), within their limit of seeks (429). */
  async function seeker(request: FastifyRequest, reply: FastifyReply): Promise<Player> {
    const player = playerOf(request, services.secret);
    if (!player) throw new HttpError(401, GUEST_NAME_FOR_LOBBY, { code: 'guestNameRequired' });
    const { count, ttlMs } = await counters.hit(player.id);
    if (count > perPlayer) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      reply.header('retry-after', seconds);
      throw new HttpError(429, `Too many seeks. Please try again in ${seconds} seconds.`, {
        code: 'rateLimited',
      });
    }
    return player;
  }

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
      const player = await seeker(request, reply);
      await refuseDuringMaintenance(db, request.user);
      const placed = await placeSeek(services, player, await wantedBy(db, player, request.body));
      if (placed.started) {
        await lobby.started(placed.started);
        return reply.status(201).send({ seek: null, gameId: placed.started.gameId });
      }
      if (!placed.twin) await lobby.opened(placed.seek);
      return reply.status(placed.twin ? 200 : 201).send({ seek: seekView(placed.seek), gameId: null });
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
      const player = await seeker(request, reply);
      await refuseDuringMaintenance(db, request.user);
      const started = await acceptSeek(services, player, request.params.id);
      await lobby.started(started);
      return reply.status(201).send({ seek: null, gameId: started.gameId });
    },
  );
}
