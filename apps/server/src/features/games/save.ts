import type { MoveHistoryEntry } from '@sbc/game';
import { and, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { games, moves } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { CHANGED, type GameChanges, type GameRow, type LoadedGame } from './types.ts';

export const STALE_GAME = 'The game was changed by another request; reload and try again';

type MoveValues = Omit<typeof moves.$inferInsert, 'id'>;
const moveColumns = Object.entries(getTableColumns(moves));

/** Move rows as JSON, keyed by column name, for `jsonb_populate_recordset`. */
const movesJson = (rows: MoveValues[]): string =>
  JSON.stringify(
    rows.map((r) => Object.fromEntries(moveColumns.map(([key, c]) => [c.name, r[key as keyof MoveValues]]))),
  );

/** Every column of a move row read from the JSON rows `r`, with a new id. */
const fromJson: SQL = sql.join(
  moveColumns.map(([, c]) => (c === moves.id ? sql`gen_random_uuid()` : sql`r.${sql.identifier(c.name)}`)),
  sql`, `,
);

/** A move row written again (undo, redo, a defender choice) takes the new values. */
const replaced = Object.fromEntries(
  moveColumns
    .filter(([key]) => !['id', 'gameId', 'moveNumber'].includes(key))
    .map(([key, c]) => [key, sql`excluded.${sql.identifier(c.name)}`]),
);

/**
 * The write of a game, in one statement: atomic without a transaction, and one round trip to the
 * database rather than four. It writes the game only at the version it was loaded at; the other
 * parts see no row of `written`, and so change nothing, when that version has moved on. The move
 * rows follow the history: rows past its end go, and the rows from the first move that differs
 * (undone, redone, or completed by a defender choice) are written again.
 */
const saveStatement = preparedOnce((db) => {
  const value = (name: string) => sql.placeholder(name);
  const written = db.$with('written').as(
    db
      .update(games)
      .set({
        ...Object.fromEntries(CHANGED.map((key) => [key, value(key)])),
        // Drizzle maps a timestamp placeholder through its column, which cannot take null.
        deadlineAt: sql`${value('deadlineAt')}::timestamptz`,
        version: sql`${games.version} + 1`,
      })
      .where(and(eq(games.id, value('id')), eq(games.version, value('loadedVersion'))))
      .returning({ version: games.version }),
  );
  const ifWritten = sql`exists (select from ${written})`;
  const dropped = db
    .$with('dropped')
    .as(
      db
        .delete(moves)
        .where(and(eq(moves.gameId, value('id')), gt(moves.moveNumber, value('length')), ifWritten)),
    );
  const rows = sql`jsonb_populate_recordset(null::${moves}, ${value('rows')}) r`;
  const added = db.$with('added').as(
    db
      .insert(moves)
      .select(sql`select ${fromJson} from ${written}, ${rows}`)
      .onConflictDoUpdate({ target: [moves.gameId, moves.moveNumber], set: replaced }),
  );
  return db.with(written, dropped, added).select().from(written).prepare('save_game');
});

/**
 * Stores the loaded game as the intention left it (on `db`, or a rated end's transaction); 409 if
 * someone changed it since it was loaded.
 */
export async function saveGame(db: Db, loaded: LoadedGame, changes: GameChanges): Promise<GameRow> {
  const { row, stored } = loaded;
  const history = loaded.game.moves;
  const same = (i: number) => stored.moves[i].join(' ') === history[i].texts.join(' ');
  // One intention changes the history at its end only (a move, a choice, a takeback and its redo):
  // the entries kept are found from the end, so that a move costs the same however long the game.
  let kept = Math.min(stored.moves.length, history.length);
  while (kept > 0 && !same(kept - 1)) kept--;
  const saved = { ...row, ...changes, version: row.version + 1 };
  const [done] = await saveStatement(db).execute({
    ...changes,
    deadlineAt: changes.deadlineAt?.toISOString() ?? null,
    id: row.id,
    loadedVersion: row.version,
    length: history.length,
    rows: movesJson(history.slice(kept).map((m) => moveValues(row.id, m, changes.updatedAt))),
  });
  if (!done) throw conflict(STALE_GAME);
  return saved;
}

function moveValues(gameId: string, m: MoveHistoryEntry, createdAt: Date): MoveValues {
  return {
    gameId,
    moveNumber: m.moveNumber,
    player: m.player,
    from: m.from,
    to: m.to,
    piece: m.piece,
    capturedPiece: m.capturedPiece,
    promotedTo: m.promotedTo,
    sacrificed: m.sacrificed,
    isSharedBoxCreated: m.isSharedBoxCreated,
    isSharedBoxAttacked: m.isSharedBoxAttacked,
    notation: m.notation,
    createdAt,
  };
}
