import {
  CreateRoomRequest,
  GUEST_NAME_REQUIRED,
  JoinRoomRequest,
  RoomCode,
  RoomColorRequest,
  RoomTimeControlRequest,
} from '@sbc/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressLimit } from '../accounts/limits.ts';
import { refuseDuringMaintenance } from '../games/maintenance.ts';
import { guesserOf } from './guesses.ts';
import { requirePlayer, seatTaker } from './guests.ts';
import { chooseColor, chooseTimeControl, createRoom, joinRoom, leaveRoom, showRoom } from './service.ts';

const byCode = z.object({ code: RoomCode });
const byIdOrCode = z.object({ room: z.string().max(64) });

/** Rooms (docs/api.md §7): open to visitors, who play as guests under a signed cookie. */
export async function roomRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;
  /** A call that looks a room up by the code (or id) the client sent: wrong ones are limited. */
  const byGuess = <T>(request: FastifyRequest, reply: FastifyReply, lookup: () => Promise<T>) =>
    services.codeGuesses.check(guesserOf(request, services.secret), lookup, reply);

  app.post<{ Body: z.output<typeof CreateRoomRequest> }>(
    '/api/rooms',
    { schema: { body: CreateRoomRequest }, config: addressLimit(app, 'createRoom') },
    async (request, reply) => {
      await refuseDuringMaintenance(db, request.user);
      const name = request.body.displayName;
      const player = await seatTaker(request, reply, services, name, GUEST_NAME_REQUIRED.create);
      return reply.status(201).send(await createRoom(services, player));
    },
  );

  app.post<{ Body: z.output<typeof JoinRoomRequest> }>(
    '/api/rooms/join',
    { schema: { body: JoinRoomRequest } },
    async (request, reply) => {
      // Maintenance refuses only a join that would start a game (service.ts): a player who comes
      // back to a game under way is let in.
      const { roomCode, guestName } = request.body;
      const player = await seatTaker(request, reply, services, guestName, GUEST_NAME_REQUIRED.join);
      return byGuess(request, reply, () => joinRoom(services, request.log, player, roomCode));
    },
  );

  app.get<{ Params: z.infer<typeof byIdOrCode> }>(
    '/api/rooms/:room',
    { schema: { params: byIdOrCode } },
    async (request, reply) => byGuess(request, reply, () => showRoom(services, request.params.room)),
  );

  app.post<{ Params: z.output<typeof byCode> }>(
    '/api/rooms/:code/leave',
    { schema: { params: byCode } },
    async (request, reply) => {
      const player = requirePlayer(request, services.secret);
      await byGuess(request, reply, () => leaveRoom(services, request.log, player, request.params.code));
      return { success: true, message: 'Left room' };
    },
  );

  app.patch<{ Params: z.output<typeof byCode>; Body: z.infer<typeof RoomColorRequest> }>(
    '/api/rooms/:code/color',
    { schema: { params: byCode, body: RoomColorRequest } },
    async (request, reply) => {
      const player = requirePlayer(request, services.secret);
      const { code } = request.params;
      const hostIsWhite = request.body.hostIsWhite === 1;
      return byGuess(request, reply, () => chooseColor(services, request.log, player, code, hostIsWhite));
    },
  );

  app.post<{ Params: z.infer<typeof byIdOrCode>; Body: z.infer<typeof RoomTimeControlRequest> }>(
    '/api/rooms/:room/time-control',
    { schema: { params: byIdOrCode, body: RoomTimeControlRequest } },
    async (request, reply) => {
      const player = requirePlayer(request, services.secret);
      const { room } = request.params;
      return byGuess(request, reply, () =>
        chooseTimeControl(services, request.log, player, room, request.body),
      );
    },
  );
}
