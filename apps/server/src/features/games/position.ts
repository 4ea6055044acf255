import { type Position, START_SBFEN, writeSbfen } from '@sbc/rules';
import { restore } from './store.ts';
import type { GameRow, StoredRecord } from './types.ts';

/** The position as SBFEN; null while a defender's choice is pending, which SBFEN cannot describe. */
export const describable = (position: Position): string | null =>
  position.pendingSquare >= 0 ? null : writeSbfen(position);

/**
 * A game's position now: its `sbfen` column, or for a game last written before that column existed,
 * the record replayed (once; its next write stores the column).
 */
export function sbfenOf(row: Pick<GameRow, 'sbfen' | 'record'>): string {
  if (row.sbfen !== null) return row.sbfen;
  const stored = row.record as StoredRecord;
  return describable(restore(stored).position) ?? stored.sbfen ?? START_SBFEN;
}
