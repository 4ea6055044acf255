import { type GameStatus, isLive, speedOf } from '@sbc/game';
import type { Db } from '../../db/connect.ts';
import { applyRatedEnd, type RatedEnd } from '../ratings/store.ts';
import { saveGame } from './save.ts';
import type { GameChanges, GameRow, LoadedGame } from './types.ts';

/** The rated game this change ends with a result, or null: not rated, not ending, or aborted. */
export function ratedEnd(row: GameRow, changes: GameChanges): RatedEnd | null {
  const ends = isLive(row.status as GameStatus) && !isLive(changes.status as GameStatus);
  const speed = speedOf(row.timeControl);
  const { whitePlayerId: white, blackPlayerId: black } = row;
  if (!row.rated || !ends || changes.status === 'aborted' || !speed || !white || !black) return null;
  const whiteScore = changes.winner === 'white' ? 1 : changes.winner === 'black' ? 0 : 0.5;
  return { gameId: row.id, speed, white, black, whiteScore };
}

/**
 * Stores a change (saveGame). The end of a rated game is stored with both ratings in one
 * transaction: the game's version check lets one end win whatever races it (a flag against a
 * resignation, two instances), so the ratings change exactly once; a crash leaves both or neither.
 */
export async function saveChange(
  db: Db,
  loaded: LoadedGame,
  changes: GameChanges,
  now: Date,
): Promise<GameRow> {
  const end = ratedEnd(loaded.row, changes);
  if (!end) return saveGame(db, loaded, changes);
  return db.transaction(async (tx) => {
    const saved = await saveGame(tx, loaded, changes);
    return { ...saved, ...(await applyRatedEnd(tx, end, now)) };
  });
}
