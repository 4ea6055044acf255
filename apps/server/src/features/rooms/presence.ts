/**
 * Who is in a room now: each instance counts its own sockets, as a room's players or its
 * spectators. Ephemeral, never in the database: in this process alone, or in Redis (REDIS_URL),
 * where each instance's counts last only as long as its heartbeat (presence-redis.ts).
 */

/** A room's presence on every instance. */
export interface RoomPresence {
  /** The players with at least one socket in the room. */
  connected: ReadonlySet<string>;
  /** Sockets watching the room's game that are not its players. */
  spectators: number;
}

/** A room whose presence changed without a socket of this instance entering or leaving it. */
export interface PresenceChange {
  roomId: string;
  players: boolean;
  spectators: boolean;
}

export interface Presence {
  /** One of this instance's sockets enters (1) or leaves (-1) a room: as the player `playerId`, or as a spectator (null). */
  count(roomId: string, playerId: string | null, delta: 1 | -1): Promise<void>;
  of(roomId: string): Promise<RoomPresence>;
  /**
   * Keeps this instance's counts alive and clears those of instances that died; `changed` hears of
   * the rooms this changed, so that their sockets can be told.
   */
  start(changed: (changes: PresenceChange[]) => Promise<void>): Promise<void>;
  /** Stops the heartbeat and takes this instance's counts away (after its sockets said goodbye). */
  stop(): Promise<void>;
}

/** A count's key within a room: `p:<player id>` for a player, `s` for the spectators. */
export const presenceKey = (playerId: string | null) => (playerId === null ? 's' : `p:${playerId}`);

/** Adds up a room's counts, keyed by presenceKey (with whatever prefix `keyOf` strips). */
export function roomPresence(
  counts: Iterable<[string, number]>,
  keyOf = (field: string) => field,
): RoomPresence {
  const connected = new Set<string>();
  let spectators = 0;
  for (const [field, count] of counts) {
    const key = keyOf(field);
    if (key === 's') spectators += count;
    else if (count > 0) connected.add(key.slice(2));
  }
  return { connected, spectators };
}

/** This instance's sockets: room id, then presenceKey, to how many. */
export class LocalCounts {
  readonly rooms = new Map<string, Map<string, number>>();

  /** Counts a socket in or out; returns the key's new count (0: the key is gone). */
  add(roomId: string, key: string, delta: 1 | -1): number {
    const room = this.rooms.get(roomId) ?? new Map<string, number>();
    const count = Math.max((room.get(key) ?? 0) + delta, 0);
    if (count) room.set(key, count);
    else room.delete(key);
    if (room.size) this.rooms.set(roomId, room);
    else this.rooms.delete(roomId);
    return count;
  }
}

/** In this process: exact for one instance; a restart starts with nobody. */
export function memoryPresence(): Presence {
  const local = new LocalCounts();
  return {
    async count(roomId, playerId, delta) {
      local.add(roomId, presenceKey(playerId), delta);
    },
    async of(roomId) {
      return roomPresence(local.rooms.get(roomId) ?? []);
    },
    async start() {},
    async stop() {},
  };
}
