import type { ClockRecord, Game, GameRecord } from '@sbc/game';
import type { games, moves } from '../../db/schema.ts';

// The shapes of a stored game, shared by the queries that read it (store.ts) and the write (save.ts).

export type GameRow = typeof games.$inferSelect;
export type MoveRow = typeof moves.$inferSelect;

/**
 * What the `record` column holds: the rules' GameRecord plus what the rules do not keep in it,
 * a move waiting for its promotion piece, the time each side has spent and a timed game's clock.
 */
export interface StoredRecord extends GameRecord {
  pendingPromotion: { from: string; to: string } | null;
  /** Milliseconds each side has spent on its decisions. */
  clock: { white: number; black: number };
  /** A timed game's chess clock (absent in untimed games and in records older than the clocks). */
  chessClock?: ClockRecord | null;
}

export type PlayerNames = { white: string | null; black: string | null };

/** A game as found: its row and the players' names. */
export interface FoundGame {
  row: GameRow;
  names: PlayerNames;
}

/** A game as loaded: found, and the game the rules rebuilt from the record. */
export interface LoadedGame extends FoundGame {
  stored: StoredRecord;
  game: Game;
}

/** The columns every write sets. */
export const CHANGED = [
  'record',
  'status',
  'currentTurn',
  'winner',
  'moveCount',
  'lastMoveAt',
  'updatedAt',
  'drawRequestStatus',
  'drawRequestedBy',
  'deadlineAt',
  'sbfen',
] as const;
export type GameChanges = Pick<GameRow, (typeof CHANGED)[number]>;
