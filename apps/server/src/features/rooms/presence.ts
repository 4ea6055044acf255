/**
 * Who is in a room now: each instance counts its own sockets, as a room's players or its
 * spectators, and notes when a player's last socket went (on whichever instance, or with it).
 * Ephemeral, never in the database: in this process alone, or in Redis (REDIS_URL), where each
 * instance's counts last only as long as its heartbeat (presence-redis.ts).
 */

/** How long a player's absence is remembered: longer than any game on a clock lasts. */
export const ABSENCE_KEPT_MS = 30 * 86_400_000;

/** A room's presence on every instance. */
export interface RoomPresence {
  /** The players with at least one socket in the room. */
  connected: ReadonlySet<string>;
  /** Sockets watching the room's game that are not its players. */
  spectators: number;
  /** Since when (ms since the epoch) each player seen going has had no socket in the room. */
  absent: ReadonlyMap<string, number>;
}

/** Since when the player has had no socket in the room; null while connected, or never seen going. */
export const absentSince = (presence: RoomPresence, playerId: string): number | null =>
  presence.connected.has(playerId) ? null : (presence.absent.get(playerId) ?? null);

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

/**
 * Adds up a room's counts, keyed by presenceKey (with whatever prefix `keyOf` strips), with its
 * players' absences.
 */
export function roomPresence(
  counts: Iterable<[string, number]>,
  absent: Iterable<[string, number]> = [],
  keyOf = (field: string) => field,
): RoomPresence {
  const connected = new Set<string>();
  let spectators = 0;
  for (const [field, count] of counts) {
    const key = keyOf(field);
    if (key === 's') spectators += count;
    else if (count > 0) connected.add(key.slice(2));
  }
  return { connected, spectators, absent: new Map(absent) };
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

/** In this process: exact for one instance; a restart starts with nobody, and no absence. */
export function memoryPresence(now: () => number = Date.now): Presence {
  const local = new LocalCounts();
  /** Room id to its absent players; the rooms in the order of their last change, oldest first. */
  const absences = new Map<string, Map<string, number>>();
  function note(roomId: string, playerId: string, gone: boolean): void {
    const room = absences.get(roomId) ?? new Map<string, number>();
    absences.delete(roomId);
    if (gone) room.set(playerId, now());
    else room.delete(playerId);
    if (room.size) absences.set(roomId, room);
    // Forgotten as Redis forgets them (its key's expiry): the oldest change first.
    for (const [id, players] of absences) {
      if (Math.max(...players.values()) > now() - ABSENCE_KEPT_MS) break;
      absences.delete(id);
    }
  }
  return {
    async count(roomId, playerId, delta) {
      const count = local.add(roomId, presenceKey(playerId), delta);
      if (playerId !== null && (count === 0 || delta === 1)) note(roomId, playerId, count === 0);
    },
    async of(roomId) {
      return roomPresence(local.rooms.get(roomId) ?? [], absences.get(roomId) ?? []);
    },
    async start() {},
    async stop() {},
  };
}
