import type { ClockState, GameRating, GameResponse, GameSummary, MoveRecord } from '@sbc/api';
import {
  type ClockRecord,
  clockView,
  deadlineOf,
  type GameState,
  type GameStatus,
  isLive,
  type MoveHistoryEntry,
} from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import type { ListedGame } from './store.ts';
import type { FoundGame, GameRow, MoveRow, StoredRecord } from './types.ts';

/** The columns every game answer carries, read from the row alone. */
function gameFields({ row, names }: FoundGame | ListedGame): Omit<GameResponse, 'gameState'> {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    mode: row.mode,
    roomId: row.roomId,
    whitePlayerId: row.whitePlayerId,
    blackPlayerId: row.blackPlayerId,
    whitePlayer: names.white === null ? null : { username: names.white },
    blackPlayer: names.black === null ? null : { username: names.black },
    moveCount: row.moveCount,
    status: row.status as GameResponse['status'],
    currentTurn: row.currentTurn as GameResponse['currentTurn'],
    winner: row.winner as GameResponse['winner'],
    drawRequestStatus: row.drawRequestStatus as GameResponse['drawRequestStatus'],
    drawRequestedBy: row.drawRequestedBy,
    lastMoveAt: row.lastMoveAt.toISOString(),
    timeControl: row.timeControl,
    rated: row.rated,
    ratings: ratingsOf(row),
    version: row.version,
  };
}

/** The players' ratings as the game stores them, with a rated end's changes. */
export const ratingsOf = (
  row: Pick<GameRow, `${'white' | 'black'}${'Rating' | 'Provisional' | 'RatingDiff'}`>,
): GameResponse['ratings'] => ({
  white: gameRating(row.whiteRating, row.whiteProvisional, row.whiteRatingDiff),
  black: gameRating(row.blackRating, row.blackProvisional, row.blackRatingDiff),
});

const gameRating = (
  rating: number | null,
  provisional: boolean | null,
  diff: number | null,
): GameRating | null => (rating === null ? null : { rating, provisional: provisional ?? false, diff });

/** When a view is made: the inactivity limit, and now (ms since the epoch) for the clocks. */
export interface ViewTime {
  inactivityMs: number;
  now: number;
}

/** What a game's clocks are read from: the row's columns, and the chess clock of its record. */
export type ClockFields = Pick<GameRow, 'timeControl' | 'status' | 'currentTurn'> & {
  chessClock?: ClockRecord | null;
};

/** A timed game's clocks at `now` (docs/api.md, "Clocks"); null when untimed. */
export const clockState = (row: GameRow, now: number): ClockState | null =>
  clockOf({ ...row, chessClock: (row.record as StoredRecord).chessClock }, now);

/** The clocks of `clockState`, from the few fields a list reads (current.ts). */
export function clockOf(row: ClockFields, now: number): ClockState | null {
  const clock = row.chessClock;
  if (!clock || row.timeControl.kind === 'untimed') return null;
  const live = isLive(row.status as GameStatus);
  const toMove = row.currentTurn as ColorName;
  const deadline = live ? deadlineOf(row.timeControl, clock, toMove) : null;
  return {
    ...clockView(clock, toMove, now, live),
    deadline: deadline?.at ?? null,
    aborts: deadline?.aborts ?? false,
    plies: clock.plies,
  };
}

/** A whole game: the row, and the state the rules derived, with the server's clocks. */
export function gameView(found: FoundGame, state: GameState, { inactivityMs, now }: ViewTime): GameResponse {
  const { row } = found;
  const { clock } = row.record as StoredRecord;
  const lastMoveTime = row.lastMoveAt.getTime();
  const untimed = row.timeControl.kind === 'untimed';
  return {
    ...gameFields(found),
    gameState: {
      ...state,
      // A takeback would have to give time back: timed games have none.
      canUndo: untimed && state.canUndo,
      canRedo: untimed && state.canRedo,
      gameTimer: {
        white: Math.floor(clock.white / 1000),
        black: Math.floor(clock.black / 1000),
        lastMoveTime,
      },
      inactivityDeadline: untimed && isLive(row.status as GameStatus) ? lastMoveTime + inactivityMs : null,
      clock: clockState(row, now),
    },
  };
}

/** A game in a list, without replaying it. */
export function summaryView(listed: ListedGame): GameSummary {
  const { mode, humanColor, aiDifficulty, drawByAgreement, endDrawReason } = listed.row;
  return {
    ...gameFields(listed),
    gameState: {
      isComputerGame: mode === 'computer',
      humanPlayer: humanColor,
      aiDifficulty,
      drawByAgreement,
      endDrawReason,
    },
  };
}

/** A move as the API shows it, from a move row or the rules' history alike. */
export function moveView(m: MoveRow | MoveHistoryEntry): MoveRecord {
  type Piece = MoveRecord['piece'];
  return {
    moveNumber: m.moveNumber,
    player: m.player as MoveRecord['player'],
    from: m.from,
    to: m.to,
    piece: m.piece as Piece,
    capturedPiece: m.capturedPiece as Piece | null,
    promotedTo: m.promotedTo as Piece | null,
    sacrificed: m.sacrificed as Piece | null,
    isSharedBoxCreated: m.isSharedBoxCreated,
    isSharedBoxAttacked: m.isSharedBoxAttacked,
    notation: m.notation,
  };
}
