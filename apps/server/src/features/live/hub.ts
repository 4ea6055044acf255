import type { WebSocket } from '@fastify/websocket';
import type { MaintenanceResponse, ServerMessage } from '@sbc/api';
import type { GameEvent } from '../../events/bus.ts';
import type { PlayerEvent } from '../lobby/events.ts';
import type { RoomEvent } from '../rooms/events.ts';
import type { Player } from '../rooms/guests.ts';
import type { LiveLimits } from './limits.ts';

export type Role = 'player' | 'spectator';

/** One open socket: who it is, the room it is in, the games it follows. */
export interface LiveSocket {
  ws: WebSocket;
  player: Player;
  /** The client's address (behind TRUST_PROXY, the one the proxy names). */
  address: string;
  /** The hashed id of the session it was opened with: a signed-in user's socket lives as long as it. */
  sessionId: string | null;
  /**
   * When it last answered a ping (or opened), on the monotonic clock: the network's time, which a
   * test moving the services' clock (inactivity) must not age.
   */
  answeredAt: number;
  /**
   * When the unanswered ping went out (monotonic clock; 0: none), and half the round trip,
   * smoothed: the lag a move's clock is compensated (features/games/timing.ts).
   */
  pingedAt: number;
  lagMs: number;
  room: { id: string; role: Role } | null;
  /** The games whose events it receives, as a player or a spectator of each. */
  games: Map<string, Role>;
  /** The games whose thumbnails it follows (games:watch): a small game:fen each change, no more. */
  thumbs: Set<string>;
}

/** A socket's lag after a pong: half the round trip, smoothed over the last few measures. */
export function measureLag(socket: LiveSocket, now: number): void {
  if (!socket.pingedAt) return; // a pong no ping of ours asked for
  const half = (now - socket.pingedAt) / 2;
  socket.lagMs = socket.lagMs === 0 ? half : socket.lagMs * 0.7 + half * 0.3;
  socket.pingedAt = 0;
}

/** A message as the bytes of a text frame. */
const frame = (message: ServerMessage): Buffer => Buffer.from(JSON.stringify(message));

/** Adds to or removes from a set in a map, dropping emptied sets. */
function index<K>(map: Map<K, Set<LiveSocket>>, key: K, socket: LiveSocket, add: boolean): void {
  const set = map.get(key) ?? new Set();
  if (add) set.add(socket);
  else set.delete(socket);
  if (set.size) map.set(key, set);
  else map.delete(key);
}

/** Past a cap a socket is closed at once with this code (Try Again Later) and a reason saying which. */
export const TOO_MANY_SOCKETS = 1013;

/**
 * This instance's sockets, by room, by game, by player and by address, and the relay of the bus's
 * events to them.
 */
export class Hub {
  private readonly byRoom = new Map<string, Set<LiveSocket>>();
  private readonly byGame = new Map<string, Set<LiveSocket>>();
  private readonly byPlayer = new Map<string, Set<LiveSocket>>();
  private readonly byAddress = new Map<string, Set<LiveSocket>>();
  /** Apart from byGame: a thumbnail's socket gets game:fen, never the whole game's frames. */
  private readonly byThumb = new Map<string, Set<LiveSocket>>();
  /** The sockets that follow the lobby (lobby:watch). */
  private readonly lobby = new Set<LiveSocket>();

  constructor(private readonly limits: LiveLimits) {}

  /** Counts a new socket in, unless its address or its player has the most allowed: then the reason. */
  admit(socket: LiveSocket): string | null {
    if ((this.byAddress.get(socket.address)?.size ?? 0) >= this.limits.socketsPerAddress) {
      return 'Too many connections from this address';
    }
    if ((this.byPlayer.get(socket.player.id)?.size ?? 0) >= this.limits.socketsPerPlayer) {
      return 'Too many connections for this player';
    }
    index(this.byAddress, socket.address, socket, true);
    index(this.byPlayer, socket.player.id, socket, true);
    return null;
  }

  /** Every socket admitted and not yet forgotten. */
  *sockets(): Iterable<LiveSocket> {
    for (const sockets of this.byAddress.values()) yield* sockets;
  }

  /** The sockets of a player (a user's id or a guest's). */
  of(playerId: string): Iterable<LiveSocket> {
    return this.byPlayer.get(playerId) ?? [];
  }

  /** Whether the player has a socket open here. */
  has(playerId: string): boolean {
    return this.byPlayer.has(playerId);
  }

  send(socket: LiveSocket, message: ServerMessage): void {
    this.sendFrame(socket, frame(message));
  }

  /** Writes the frame; a reader that lets more than the bound pile up unsent is dropped, not fed. */
  private sendFrame({ ws }: LiveSocket, text: Buffer): void {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(text, { binary: false });
    if (ws.bufferedAmount > this.limits.bufferedBytes) ws.terminate();
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

  /** The socket's thumbnails become these games' (games:watch): the list before is dropped. */
  followThumbs(socket: LiveSocket, gameIds: Iterable<string>): void {
    for (const gameId of socket.thumbs) index(this.byThumb, gameId, socket, false);
    socket.thumbs = new Set(gameIds);
    for (const gameId of socket.thumbs) index(this.byThumb, gameId, socket, true);
  }

  forget(socket: LiveSocket): void {
    for (const gameId of socket.games.keys()) index(this.byGame, gameId, socket, false);
    socket.games.clear();
    this.followThumbs(socket, []);
    index(this.byAddress, socket.address, socket, false);
    index(this.byPlayer, socket.player.id, socket, false);
    this.lobby.delete(socket);
  }

  watchLobby(socket: LiveSocket): void {
    this.lobby.add(socket);
  }

  /** The lobby's news, encoded once for every socket that follows it. */
  relayLobby(message: ServerMessage): void {
    if (!this.lobby.size) return;
    const text = frame(message);
    for (const socket of this.lobby) this.sendFrame(socket, text);
  }

  /** A player's message (a lobby game starts) to each of their sockets here; a started game is followed at once. */
  relayPlayer({ playerId, message }: PlayerEvent): void {
    const sockets = this.byPlayer.get(playerId);
    if (!sockets) return;
    const text = frame(message);
    for (const socket of sockets) {
      if (message.type === 'game:start') this.follow(socket, message.gameId, 'player');
      this.sendFrame(socket, text);
    }
  }

  /** Every socket of the game gets the event's frame as the change built it: encoded once here, never rebuilt. */
  relayGame(event: GameEvent): void {
    const sockets = this.byGame.get(event.gameId);
    if (sockets) {
      const text = Buffer.from(event.frame);
      for (const socket of sockets) this.sendFrame(socket, text);
    }
    this.relayThumb(event);
  }

  /** The game's thumbnail, the same way to all its followers; an ended game's is its last. */
  private relayThumb({ gameId, thumb, over }: GameEvent): void {
    const sockets = this.byThumb.get(gameId);
    if (!sockets || thumb === null) return;
    const text = Buffer.from(thumb);
    for (const socket of sockets) {
      this.sendFrame(socket, text);
      if (over) socket.thumbs.delete(gameId);
    }
    if (over) this.byThumb.delete(gameId);
  }

  /** Maintenance switched on or off: every socket, its text encoded once. */
  relayMaintenance({ maintenanceMode, message }: MaintenanceResponse): void {
    const text = frame({ type: 'maintenance', maintenanceMode, message });
    for (const socket of this.sockets()) this.sendFrame(socket, text);
  }

  /** A room's message, built once; a started game is followed at once by the room's sockets, in their role. */
  relayRoom({ roomId, message }: RoomEvent): void {
    const sockets = this.byRoom.get(roomId);
    if (!sockets) return;
    const text = frame(message);
    for (const socket of sockets) {
      if (message.type === 'game:start') this.follow(socket, message.gameId, socket.room!.role);
      this.sendFrame(socket, text);
    }
  }
}
