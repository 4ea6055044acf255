import {
  CreateRoomRequest,
  GUEST_NAME_REQUIRED,
  JoinRoomRequest,
  RoomCode,
  RoomColorRequest,
} from '@sbc/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseDuringMaintenance } from '../games/maintenance.ts';
import { requirePlayer, seatTaker } from './guests.ts';
import { chooseColor, createRoom, joinRoom, leaveRoom, showRoom } from './service.ts';

const byCode = z.object({ code: RoomCode });
const byIdOrCode = z.object({ room: z.string().max(64) });

/** Rooms (docs/api.md §7): open to visitors, who play as guests under a signed cookie. */
export async function roomRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const db = services.database.db;

  app.post<{ Body: z.output<typeof CreateRoomRequest> }>(
    '/api/rooms',
    { schema: { body: CreateRoomRequest } },
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
      return joinRoom(services, request.log, player, roomCode);
    },
  );

  app.get<{ Params: z.infer<typeof byIdOrCode> }>(
    '/api/rooms/:room',
    { schema: { params: byIdOrCode } },
    async (request) => showRoom(services, request.params.room),
  );

  app.post<{ Params: z.output<typeof byCode> }>(
    '/api/rooms/:code/leave',
    { schema: { params: byCode } },
    async (request) => {
      await leaveRoom(services, request.log, requirePlayer(request, services.secret), request.params.code);
      return { success: true, message: 'Left room' };
    },
  );

  app.patch<{ Params: z.output<typeof byCode>; Body: z.infer<typeof RoomColorRequest> }>(
    '/api/rooms/:code/color',
    { schema: { params: byCode, body: RoomColorRequest } },
    async (request) => {
      const player = requirePlayer(request, services.secret);
      const { code } = request.params;
      return chooseColor(services, request.log, player, code, request.body.hostIsWhite === 1);
    },
  );
}
