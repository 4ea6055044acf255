import { randomInt, randomUUID } from 'node:crypto';
import type { Room, RoomTimeControlRequest, ServerMessage } from '@sbc/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { uniqueViolation } from '../accounts/users.ts';
import { storeSpectators } from '../games/current.ts';
import { refuseRoomGameDuringMaintenance } from '../games/maintenance.ts';
import { insertOnlineGame } from '../games/online.ts';
import { findGameRow } from '../games/store.ts';
import { roomView, tellRoom } from './events.ts';
import type { Player } from './guests.ts';
import type { PresenceChange } from './presence.ts';
import {
  findRoom,
  insertRoom,
  lockRoom,
  lockWaitingRooms,
  type RoomRow,
  type SeatRow,
  seat,
  seatsOf,
  unseat,
  updateRoom,
} from './store.ts';

/** No look-alikes (0/O, 1/I/L): a code is read aloud and typed by hand. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 6;
export const ROOM_FULL = 'This room is full. You can watch the game instead.';

export const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Rooms one player may have waiting for a second player at once. */
export const WAITING_ROOMS_MAX = 5;

const roomFull = (room: RoomRow) => new HttpError(409, ROOM_FULL, { code: 'roomFull', gameId: room.gameId });
const roomNotFound = () => new HttpError(404, 'Room not found', { code: 'roomNotFound' });

/** A wrong code or id: what the limit on guessing codes counts (guesses.ts). */
export const isRoomNotFound = (error: unknown): boolean =>
  error instanceof HttpError && error.extra.code === 'roomNotFound';

/** A room that is not closed; 404 otherwise. */
export async function openRoom(db: Db, idOrCode: string): Promise<RoomRow> {
  const room = await findRoom(db, idOrCode);
  if (!room || room.status === 'closed') throw roomNotFound();
  return room;
}

export async function showRoom(services: Services, idOrCode: string): Promise<Room> {
  const db = services.database.db;
  const room = await findRoom(db, idOrCode);
  if (!room) throw roomNotFound();
  return roomView(room, await seatsOf(db, room.id), await services.presence.of(room.id));
}

/** Changes a room under its lock (seats are taken and given up one at a time), then shows it. */
async function changeRoom<T>(
  services: Services,
  idOrCode: string,
  change: (tx: Db, room: RoomRow, seats: SeatRow[]) => Promise<T>,
): Promise<{ result: T; room: Room }> {
  const db = services.database.db;
  const { id } = await openRoom(db, idOrCode);
  const { result, changed, seats } = await db.transaction(async (tx) => {
    const room = await lockRoom(tx, id);
    if (room.status === 'closed') throw roomNotFound();
    const result = await change(tx, room, await seatsOf(tx, id));
    return { result, changed: (await findRoom(tx, id))!, seats: await seatsOf(tx, id) };
  });
  // Presence is not in the database: read after the commit, as any other reader would.
  return { result, room: roomView(changed, seats, await services.presence.of(id)) };
}

export async function createRoom(services: Services, player: Player): Promise<Room> {
  const db = services.database.db;
  const now = services.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const room = await db.transaction(async (tx) => {
        // One player's creations are counted one at a time: a burst cannot pass the check together.
        if ((await lockWaitingRooms(tx, player.id)) >= WAITING_ROOMS_MAX) {
          throw new HttpError(
            409,
            `You already have ${WAITING_ROOMS_MAX} rooms waiting for a second player. Leave one before you create another.`,
            { code: 'tooManyRooms' },
          );
        }
        const values = { id: randomUUID(), code: newCode(), hostId: player.id, createdAt: now };
        return insertRoom(tx, values, [player]);
      });
      return roomView(room, await seatsOf(db, room.id), await services.presence.of(room.id));
    } catch (error) {
      // 31^6 codes: a clash with an open room is rare, two in a row rarer still.
      if (uniqueViolation(error) !== 'rooms_open_code' || attempt === 5) throw error;
    }
  }
}

/**
 * Seats the player: a free seat while the room waits, their own seat again after a reload or a
 * leave. With the second player the room's game starts; its room gets `game:start`.
 */
export async function joinRoom(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  idOrCode: string,
): Promise<Room> {
  const now = services.now();
  const { result, room } = await changeRoom(services, idOrCode, async (tx, room, seats) => {
    if (seats.some((s) => s.playerId === player.id)) return { joined: false, gameId: null };
    const game = room.gameId ? await findGameRow(tx, room.gameId) : null;
    const plays = game?.whitePlayerId === player.id || game?.blackPlayerId === player.id;
    if (!plays && (room.status !== 'waiting' || seats.length >= 2)) throw roomFull(room);
    await seat(tx, room.id, player, now);
    if (room.status !== 'waiting') return { joined: true, gameId: null };
    // While a room waits, its one seated player is its host.
    const host = seats[0];
    const [white, black] = room.hostIsWhite ? [host.playerId, player.id] : [player.id, host.playerId];
    const ownerId = host.isGuest ? null : host.playerId;
    await refuseRoomGameDuringMaintenance(tx, player);
    const started = await insertOnlineGame(
      tx,
      { roomId: room.id, white, black, ownerId, timeControl: room.timeControl, rated: room.rated },
      now,
    );
    await updateRoom(tx, room.id, { status: 'playing', gameId: started.id });
    // Its first-move window (a timer for a game whose insert rolls back finds no game).
    services.clockTimers.arm(started.id, started.deadlineAt);
    return { joined: true, gameId: started.id };
  });
  if (result.joined) {
    const seated = room.players.find((p) => p.id === player.id)!;
    await tellRoom(services.bus, log, room.id, { type: 'room:player_joined', player: seated, room });
  }
  if (result.gameId) {
    await services.gameLists.written(...room.players.map((p) => p.id));
    await tellRoom(services.bus, log, room.id, {
      type: 'game:start',
      gameId: result.gameId,
      roomId: room.id,
    });
  }
  return room;
}

/**
 * The player leaves. A waiting room frees the seat; a game in play goes on. The host's role passes
 * to whoever stays; with nobody left the room closes (and its code may be drawn again).
 */
export async function leaveRoom(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  idOrCode: string,
): Promise<void> {
  const { room } = await changeRoom(services, idOrCode, async (tx, room, seats) => {
    if (!seats.some((s) => s.playerId === player.id)) throw notFound('You are not in this room');
    await unseat(tx, room.id, player.id, services.now());
    const staying = seats.filter((s) => s.playerId !== player.id);
    await updateRoom(tx, room.id, {
      hostId: room.hostId === player.id && staying.length ? staying[0].playerId : room.hostId,
      status: staying.length ? room.status : 'closed',
      rematchOfferedBy: null,
    });
  });
  await tellRoom(services.bus, log, room.id, { type: 'room:player_left', playerName: player.name, room });
}

/** The host's colour, while the second seat is free. */
export function chooseColor(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  idOrCode: string,
  hostIsWhite: boolean,
): Promise<Room> {
  return hostChooses(services, log, player, idOrCode, HOST_CHOICES.colours, { hostIsWhite });
}

export const RATED_GUEST_ROOM = 'Only signed-in players can play rated games: sign in to host a rated game';

/**
 * The time control of the game the second player starts, and whether it is rated (unchanged when
 * not said), while that seat is free.
 */
export function chooseTimeControl(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  idOrCode: string,
  { timeControl, rated }: RoomTimeControlRequest,
): Promise<Room> {
  if (rated && player.isGuest) throw badRequest(RATED_GUEST_ROOM);
  return hostChooses(services, log, player, idOrCode, HOST_CHOICES.timeControl, { timeControl, rated });
}

/** The refusals of what only the host sets, and only while the room waits for a second player. */
const HOST_CHOICES = {
  colours: {
    notHost: 'Only the host can choose the colours',
    fixed: 'The colours are fixed once two players are in the room',
  },
  timeControl: {
    notHost: 'Only the host can choose the time control',
    fixed: 'The time control is fixed once two players are in the room',
  },
};

async function hostChooses(
  services: Services,
  log: FastifyBaseLogger,
  player: Player,
  idOrCode: string,
  refusals: (typeof HOST_CHOICES)[keyof typeof HOST_CHOICES],
  choice: Pick<Partial<RoomRow>, 'hostIsWhite' | 'timeControl' | 'rated'>,
): Promise<Room> {
  const { room } = await changeRoom(services, idOrCode, async (tx, room, seats) => {
    if (room.hostId !== player.id) throw forbidden(refusals.notHost);
    if (room.status !== 'waiting' || seats.length >= 2) throw conflict(refusals.fixed);
    await updateRoom(tx, room.id, choice);
  });
  await tellRoom(services.bus, log, room.id, { type: 'room:update', room });
  return room;
}

/**
 * One of this instance's sockets enters (1) or leaves (-1) the room, as the player `playerId` or as a
 * spectator (null); the room is told.
 */
export async function countPresence(
  services: Services,
  log: FastifyBaseLogger,
  roomId: string,
  playerId: string | null,
  delta: 1 | -1,
): Promise<void> {
  await services.presence.count(roomId, playerId, delta);
  const players = playerId !== null;
  await tellPresence(services, log, { roomId, players, spectators: !players });
}

/** Tells the room who is in it now: `room:update` when players came or went, `game:spectators` for spectators. */
export async function tellPresence(
  services: Services,
  log: FastifyBaseLogger,
  { roomId, players, spectators }: PresenceChange,
): Promise<void> {
  const room = await showRoom(services, roomId);
  const messages: ServerMessage[] = players ? [{ type: 'room:update', room }] : [];
  if (spectators && room.gameId) {
    messages.push({ type: 'game:spectators', gameId: room.gameId, count: room.spectators });
    // The featured game's measure (games/current.ts).
    await storeSpectators(services.database.db, room.gameId, room.spectators);
  }
  await tellRoom(services.bus, log, roomId, ...messages);
}
