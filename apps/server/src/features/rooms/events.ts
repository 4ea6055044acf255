import type { Room, ServerMessage } from '@sbc/api';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events/bus.ts';
import { absentSince, type RoomPresence } from './presence.ts';
import type { RoomRow, SeatRow } from './store.ts';

/** A message for every socket in a room, on every instance. */
export interface RoomEvent {
  roomId: string;
  message: ServerMessage;
}

export const roomEvents = (bus: EventBus) => bus.channel<RoomEvent>('room-events');

/** Tells the room; the change is stored, so a lost event only delays the others until they reload. */
export async function tellRoom(
  bus: EventBus,
  log: FastifyBaseLogger,
  roomId: string,
  ...messages: ServerMessage[]
): Promise<void> {
  for (const message of messages) {
    await roomEvents(bus)
      .publish({ roomId, message })
      .catch((err) => log.warn({ err }, 'room event not published'));
  }
}

export function roomView(room: RoomRow, seats: SeatRow[], presence: RoomPresence): Room {
  return {
    id: room.id,
    code: room.code,
    hostUserId: room.hostId,
    hostIsWhite: room.hostIsWhite ? 1 : 0,
    timeControl: room.timeControl,
    rated: room.rated,
    players: seats.map((s) => ({
      id: s.playerId,
      name: s.name,
      isHost: s.playerId === room.hostId,
      isGuest: s.isGuest,
      connected: presence.connected.has(s.playerId),
      absentSince: absentSince(presence, s.playerId),
    })),
    status: room.status,
    gameId: room.gameId,
    spectators: presence.spectators,
  };
}
