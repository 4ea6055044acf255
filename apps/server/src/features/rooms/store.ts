import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { roomPlayers, rooms } from '../../db/schema.ts';
import type { Player } from './guests.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type SeatRow = typeof roomPlayers.$inferSelect;

const ROOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A room by its id, or by its code: the open room, else the latest closed one of that code. */
export async function findRoom(db: Db, idOrCode: string): Promise<RoomRow | null> {
  const where = ROOM_ID.test(idOrCode) ? eq(rooms.id, idOrCode) : eq(rooms.code, idOrCode.toUpperCase());
  const [room] = await db
    .select()
    .from(rooms)
    .where(where)
    .orderBy(sql`${rooms.status} = 'closed'`, sql`${rooms.createdAt} desc`)
    .limit(1);
  return room ?? null;
}

/** The room, locked until the transaction ends: seats are taken one at a time. */
export async function lockRoom(db: Db, id: string): Promise<RoomRow> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, id)).for('update');
  return room;
}

/**
 * How many rooms the player hosts that wait for a second player, counted under a lock on the
 * player until the transaction ends.
 */
export async function lockWaitingRooms(db: Db, hostId: string): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`rooms:${hostId}`}))`);
  const [{ waiting }] = await db
    .select({ waiting: count() })
    .from(rooms)
    .where(and(eq(rooms.hostId, hostId), eq(rooms.status, 'waiting')));
  return waiting;
}

/** A new room with its first players seated, in one statement (the seats' insert is its CTE). */
export async function insertRoom(
  db: Db,
  values: typeof rooms.$inferInsert & { id: string; createdAt: Date },
  players: Player[],
): Promise<RoomRow> {
  const seats = db.$with('seats').as(
    db
      .insert(roomPlayers)
      .values(seatRows(values.id, players, values.createdAt))
      .returning({ playerId: roomPlayers.playerId }),
  );
  const [room] = await db.with(seats).insert(rooms).values(values).returning();
  return room;
}

export async function updateRoom(db: Db, id: string, changes: Partial<RoomRow>): Promise<RoomRow> {
  const [room] = await db.update(rooms).set(changes).where(eq(rooms.id, id)).returning();
  return room;
}

/** The players in the room now, the earliest first. */
export function seatsOf(db: Db, roomId: string): Promise<SeatRow[]> {
  return db
    .select()
    .from(roomPlayers)
    .where(and(eq(roomPlayers.roomId, roomId), isNull(roomPlayers.leftAt)))
    .orderBy(asc(roomPlayers.joinedAt), asc(roomPlayers.playerId));
}

const seatRows = (roomId: string, players: Player[], now: Date) =>
  players.map((p) => ({ roomId, playerId: p.id, isGuest: p.isGuest, name: p.name, joinedAt: now }));

/** Seats the players (again after leaving: the same row, seated anew), in one statement. */
export async function seat(db: Db, roomId: string, players: Player | Player[], now: Date): Promise<void> {
  await db
    .insert(roomPlayers)
    .values(seatRows(roomId, [players].flat(), now))
    .onConflictDoUpdate({
      target: [roomPlayers.roomId, roomPlayers.playerId],
      set: { name: sql`excluded.name`, joinedAt: now, leftAt: null },
    });
}

export async function unseat(db: Db, roomId: string, playerId: string, now: Date): Promise<void> {
  await db
    .update(roomPlayers)
    .set({ leftAt: now })
    .where(and(eq(roomPlayers.roomId, roomId), eq(roomPlayers.playerId, playerId)));
}
