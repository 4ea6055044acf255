import type { CreateGameRequest, GameActionResponse, GameResponse } from '@sbc/api';
import { Game, gameError } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { GameEvent } from '../../events/bus.ts';
import type { Services } from '../../services.ts';
import { moveFrame, stateFrame, thumbFrame } from './frames.ts';
import { type Change, colorsOf, onTime } from './intentions.ts';
import { describable } from './position.ts';
import { saveChange } from './rated.ts';
import { refusal } from './refusals.ts';
import { findGame, insertGame, loadGame, rebuild, restore } from './store.ts';
import { clockAfter, clockAtStart, overdue } from './timing.ts';
import type { GameChanges, LoadedGame, StoredRecord } from './types.ts';
import { gameView, type ViewTime } from './view.ts';

export const inactivityMs = ({ config }: Pick<Services, 'config'>): number =>
  config.INACTIVITY_MINUTES * 60_000;

/** What a view made now needs: the inactivity limit and the time its clocks are read at. */
export const viewTime = (services: Pick<Services, 'config' | 'now'>): ViewTime => ({
  inactivityMs: inactivityMs(services),
  now: services.now().getTime(),
});

/**
 * The columns the rules derive from a game. While a defender's choice is pending, which no SBFEN
 * describes, the position stays the one before (`previous`).
 */
export function derived(game: Game, previous: string | null = null) {
  const { status, winner } = game.status();
  const sbfen = describable(game.position) ?? previous;
  return { status, winner, currentTurn: game.turn, moveCount: game.moves.length, sbfen };
}

export async function createGame(
  services: Services,
  user: UserRow,
  request: z.output<typeof CreateGameRequest>,
): Promise<GameResponse> {
  const mode = request.isComputerGame ? 'computer' : 'local';
  const created = Game.create({
    sbfen: request.fen,
    standard: request.standard,
    mode,
    humanColor: request.humanPlayer,
    aiDifficulty: request.aiDifficulty,
  });
  if (!created.ok) throw refusal(created.error);
  const game = created.value;
  const now = services.now();
  // A local game's owner plays both sides and is recorded as white.
  const asWhite = mode === 'local' || request.humanPlayer === 'white';
  const { record: timing, deadlineAt, timeControl } = clockAtStart(request.timeControl, now, game.turn);
  const record: StoredRecord = { ...game.toRecord(), pendingPromotion: null, ...timing };
  const row = await insertGame(services.database.db, {
    mode,
    ownerId: user.id,
    whitePlayerId: asWhite ? user.id : null,
    blackPlayerId: asWhite ? null : user.id,
    record,
    ...derived(game),
    createdAt: now,
    updatedAt: now,
    lastMoveAt: now,
    timeControl,
    deadlineAt,
  });
  const names = { white: asWhite ? user.username : null, black: asWhite ? null : user.username };
  services.gameCache.put({ row, names, stored: record, game });
  services.clockTimers.arm(row.id, row.deadlineAt);
  await services.gameLists.written(user.id);
  return gameView({ row, names }, game.state(), viewTime(services));
}

/** A game read afresh; the rules' game comes from the cache when it is at the row's version. */
export async function readGame(services: Services, id: string): Promise<LoadedGame | null> {
  const found = await findGame(services.database.db, id);
  if (!found) return null;
  const game = services.gameCache.game(id, found.row.version);
  if (game) return { ...found, stored: found.row.record as StoredRecord, game };
  const loaded = rebuild(found);
  services.gameCache.put(loaded);
  return loaded;
}

/** A change stored: its version, and the whole game as an HTTP answer, made only when asked for. */
export interface Committed {
  version: number;
  view(): GameActionResponse;
}

/**
 * Stores what an intention did to a loaded game (409 if someone else changed it meanwhile), keeps
 * the game in the cache, then tells the others through the bus: the sockets' frame built once as
 * text, and what other instances' copies follow the write with.
 */
export async function commit(
  services: Services,
  log: FastifyBaseLogger,
  loaded: LoadedGame,
  change: Change,
  lagMs = 0,
): Promise<Committed> {
  const { row, stored, game, names } = loaded;
  const now = services.now();
  const moved = change.event === 'game:move';
  const { chessClock, deadlineAt } = clockAfter(loaded, moved, now.getTime(), lagMs);
  const clock = { ...stored.clock };
  if (change.decided) {
    clock[row.currentTurn as ColorName] += Math.max(0, now.getTime() - row.lastMoveAt.getTime());
  }
  // A draw offer does not outlive its game.
  const draw =
    change.draw ??
    (game.isOver && row.drawRequestStatus === 'pending'
      ? { status: null, requestedBy: null }
      : { status: row.drawRequestStatus, requestedBy: row.drawRequestedBy });
  const small = { pendingPromotion: game.pendingPromotion, clock, ...(chessClock && { chessClock }) };
  const record: StoredRecord = { ...game.toRecord(), ...small };
  const columns: Omit<GameChanges, 'record'> = {
    ...derived(game, row.sbfen),
    lastMoveAt: change.decided ? now : row.lastMoveAt,
    updatedAt: now,
    drawRequestStatus: draw.status,
    drawRequestedBy: draw.requestedBy,
    deadlineAt,
  };
  const saved = await saveChange(services.database.db, loaded, { record, ...columns }, now);
  services.gameCache.put({ row: saved, names, stored: record, game });
  // Before the event: this instance fires on the deadline, the others, hearing of it, as backups.
  services.clockTimers.arm(saved.id, saved.deadlineAt);
  services.gameLists.changed(saved.whitePlayerId, saved.blackPlayerId);
  const time = { inactivityMs: inactivityMs(services), now: now.getTime() };
  let view: GameActionResponse | undefined;
  const committed: Committed = {
    version: saved.version,
    view() {
      if (view) return view;
      // The game in memory moves on with the next change: a copy rebuilt from the record tells this one.
      const current =
        game.isOver || services.gameCache.game(saved.id, saved.version) === game ? game : restore(record);
      view = { ...gameView({ row: saved, names }, current.state(), time), message: change.message };
      return view;
    },
  };
  // The decision's move text: the last of the history's last entry (a defender's choice completes it).
  const text = moved ? (game.moves[game.moves.length - 1].texts.at(-1) as string) : null;
  const plies = chessClock?.plies;
  const ply = plies && plies.length > (stored.chessClock?.plies.length ?? 0) ? plies[plies.length - 1] : null;
  const event: GameEvent = {
    type: change.event,
    gameId: saved.id,
    version: saved.version,
    frame:
      text === null
        ? stateFrame(change.event, committed.view(), change.payload)
        : moveFrame(saved, { text, game, ply }, time.inactivityMs, time.now),
    thumb: thumbFrame(saved, game, time.now),
    over: game.isOver,
    players: [saved.whitePlayerId, saved.blackPlayerId],
    written: {
      texts: game.isOver || change.rewinds ? null : text === null ? [] : [text],
      columns: { ...columns, whiteRatingDiff: saved.whiteRatingDiff, blackRatingDiff: saved.blackRatingDiff },
      record: small,
    },
  };
  // The change is committed: a lost event only delays the others until they reload.
  await services.bus.publish(event).catch((err) => log.warn({ err }, 'game event not published'));
  return committed;
}

/**
 * Applies an intention to a game, taken from the cache or rebuilt from the database, and stores
 * the result; null when there is no such game or `apply` changes nothing (returns null). A
 * refusal changes nothing either (the rules promise it), so the game goes back to the cache;
 * after a failed write it stays out, and the next intention rebuilds it.
 */
export async function withGame(
  services: Services,
  log: FastifyBaseLogger,
  id: string,
  apply: (loaded: LoadedGame) => Change | null,
  lagMs = 0,
): Promise<Committed | null> {
  const loaded = services.gameCache.take(id) ?? (await loadGame(services.database.db, id));
  if (!loaded) return null;
  let change: Change | null = null;
  try {
    change = apply(loaded);
  } finally {
    if (!change) services.gameCache.put(loaded);
  }
  return change && commit(services, log, loaded, change, lagMs);
}

/**
 * The one path every player's intention takes: 404 unless the user plays in the game. An
 * intention that arrives after the game's deadline ends the game on time instead, and is refused.
 * `lagMs`: the player's measured network delay, which the clock compensates.
 */
export async function act(
  services: Services,
  log: FastifyBaseLogger,
  userId: string,
  gameId: string,
  apply: (loaded: LoadedGame, userId: string) => Change,
  lagMs = 0,
): Promise<Committed> {
  let late = false;
  const done = await withGame(
    services,
    log,
    gameId,
    (loaded) => {
      if (colorsOf(loaded.row, userId).length === 0) throw notFound('Game not found');
      late = !loaded.game.isOver && overdue(loaded.row, services.now());
      return late ? onTime(loaded) : apply(loaded, userId);
    },
    lagMs,
  );
  if (!done) throw notFound('Game not found');
  if (late) throw refusal(gameError('timeUp'));
  return done;
}
