import type { WebSocket } from '@fastify/websocket';
import type { GameActionResponse, MaintenanceResponse, MoveRecord, ServerMessage } from '@sbc/api';
import type { GameEvent } from '../../events/bus.ts';
import type { RoomEvent } from '../rooms/events.ts';
import type { Player } from '../rooms/guests.ts';

export type Role = 'player' | 'spectator';

/** One open socket: who it is, the room it is in, the games it follows. */
export interface LiveSocket {
  ws: WebSocket;
  player: Player;
  room: { id: string; role: Role } | null;
  /** The games whose events it receives, as a player or a spectator of each. */
  games: Map<string, Role>;
}

/** What commit() puts in a game event's payload (features/games/service.ts). */
interface GamePayload {
  game: GameActionResponse;
  move?: MoveRecord;
  requestedBy?: string;
  resignedBy?: string;
  winnerId?: string | null;
  inactivePlayerId?: string | null;
}

/** A game event as the socket protocol says it (docs/api.md §7). */
export function gameMessage(event: GameEvent): ServerMessage {
  const payload = event.payload as unknown as GamePayload;
  const { message, ...state } = payload.game;
  const changed = { gameId: event.gameId, version: state.version, state };
  switch (event.type) {
    case 'game:move':
      return { type: 'game:move', ...changed, move: payload.move!, message };
    case 'game:updated':
      return { type: 'game:state', ...changed };
    case 'game:resigned':
      return {
        type: event.type,
        ...changed,
        resignedBy: payload.resignedBy!,
        winnerId: payload.winnerId ?? null,
      };
    case 'game:draw_requested':
      return { type: event.type, ...changed, requestedBy: payload.requestedBy! };
    case 'game:draw_accepted':
    case 'game:draw_rejected':
      return { type: event.type, ...changed };
    case 'game:timeout':
      return {
        type: event.type,
        ...changed,
        winnerId: payload.winnerId ?? null,
        inactivePlayerId: payload.inactivePlayerId ?? null,
      };
  }
}

/** A message as the bytes of a text frame. */
const frame = (message: ServerMessage): Buffer => Buffer.from(JSON.stringify(message));

function sendFrame({ ws }: LiveSocket, text: Buffer): void {
  if (ws.readyState === ws.OPEN) ws.send(text, { binary: false });
}

/** Adds to or removes from a set in a map, dropping emptied sets. */
function index<K>(map: Map<K, Set<LiveSocket>>, key: K, socket: LiveSocket, add: boolean): void {
  const set = map.get(key) ?? new Set();
  if (add) set.add(socket);
  else set.delete(socket);
  if (set.size) map.set(key, set);
  else map.delete(key);
}

/** This instance's sockets, by room and by game, and the relay of the bus's events to them. */
export class Hub {
  private readonly byRoom = new Map<string, Set<LiveSocket>>();
  private readonly byGame = new Map<string, Set<LiveSocket>>();
  /** Every open socket, whatever it follows: they all hear what concerns every page. */
  private readonly all = new Set<LiveSocket>();

  send(socket: LiveSocket, message: ServerMessage): void {
    sendFrame(socket, frame(message));
  }

  open(socket: LiveSocket): void {
    this.all.add(socket);
  }

  follow(socket: LiveSocket, gameId: string, role: Role): void {
    socket.games.set(gameId, role);
    index(this.byGame, gameId, socket, true);
  }

  enter(socket: LiveSocket, roomId: string, role: Role): void {
    socket.room = { id: roomId, role };
    index(this.byRoom, roomId, socket, true);
  }

  /** Takes the socket out of its room; returns where it was. */
  exit(socket: LiveSocket): LiveSocket['room'] {
    const { room } = socket;
    if (room) index(this.byRoom, room.id, socket, false);
    socket.room = null;
    return room;
  }

  forget(socket: LiveSocket): void {
    this.all.delete(socket);
    for (const gameId of socket.games.keys()) index(this.byGame, gameId, socket, false);
    socket.games.clear();
  }

  relayGame(event: GameEvent): void {
    const sockets = this.byGame.get(event.gameId);
    if (!sockets) return;
    // Every socket of the game gets the same text: serialized and encoded once, not once a socket.
    const text = frame(gameMessage(event));
    for (const socket of sockets) sendFrame(socket, text);
  }

  /** Maintenance switched on or off: every socket, its text encoded once. */
  relayMaintenance({ maintenanceMode, message }: MaintenanceResponse): void {
    const text = frame({ type: 'maintenance', maintenanceMode, message });
    for (const socket of this.all) sendFrame(socket, text);
  }

  /** A room's message; a started game is followed at once by the room's sockets, in their role. */
  relayRoom({ roomId, message }: RoomEvent): void {
    for (const socket of this.byRoom.get(roomId) ?? []) {
      if (message.type === 'game:start') this.follow(socket, message.gameId, socket.room!.role);
      this.send(socket, message);
    }
  }
}
