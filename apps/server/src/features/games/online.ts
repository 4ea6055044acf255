import { Game, type TimeControl } from '@sbc/game';
import type { Db } from '../../db/connect.ts';
import { derived } from './service.ts';
import { insertGame } from './store.ts';
import { clockAtStart } from './timing.ts';
import type { GameRow, StoredRecord } from './types.ts';

/** Who plays a room's game: users' or guests' ids. */
export interface Seats {
  roomId: string;
  white: string;
  black: string;
  /** The host, when a user: a guest has no user row to point at. */
  ownerId: string | null;
  timeControl: TimeControl;
}

/** Stores a new online game of a room, white to move. */
export async function insertOnlineGame(db: Db, seats: Seats, now: Date): Promise<GameRow> {
  const created = Game.create({ mode: 'online' });
  if (!created.ok) throw new Error(created.error.message); // the usual start is always valid
  const game = created.value;
  const { record: timing, deadlineAt, timeControl } = clockAtStart(seats.timeControl, now);
  const record: StoredRecord = { ...game.toRecord(), pendingPromotion: null, ...timing };
  return insertGame(db, {
    mode: 'online',
    roomId: seats.roomId,
    ownerId: seats.ownerId,
    whitePlayerId: seats.white,
    blackPlayerId: seats.black,
    record,
    ...derived(game),
    createdAt: now,
    updatedAt: now,
    lastMoveAt: now,
    timeControl,
    deadlineAt,
  });
}
