import { deadlineOf, passTurn, startClock, stopClock, type TimeControl } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import type { GameRow, LoadedGame, StoredRecord } from './types.ts';

/**
 * A timed game's clock after a change made at `now`: a move that passes the turn charges its
 * mover (less `lagMs` of compensation); an end stops the clock of the side to move. Also the
 * deadline the change leaves (null once the game is over, and in untimed games).
 */
export function clockAfter({ row, stored, game }: LoadedGame, moved: boolean, now: number, lagMs: number) {
  const before = stored.chessClock;
  if (!before || row.timeControl.kind === 'untimed') return { chessClock: null, deadlineAt: null };
  const mover = row.currentTurn as ColorName;
  // Whole milliseconds: the measured lag has fractions, which the clock's every frame would carry.
  const lag = Math.round(lagMs);
  let clock = moved && game.turn !== mover ? passTurn(row.timeControl, before, mover, now, lag) : before;
  if (game.isOver) clock = stopClock(clock, game.turn, now);
  const deadlineAt = game.isOver ? null : new Date(deadlineOf(row.timeControl, clock, game.turn).at);
  return { chessClock: clock, deadlineAt };
}

/** What a new game of time control `tc` stores of its clock, made at `now`; white to move. */
export function clockAtStart(tc: TimeControl, now: Date, toMove: ColorName = 'white') {
  const chessClock = startClock(tc, now.getTime());
  const deadlineAt = chessClock && new Date(deadlineOf(tc, chessClock, toMove).at);
  const record: Pick<StoredRecord, 'clock' | 'chessClock'> = {
    clock: { white: 0, black: 0 },
    ...(chessClock && { chessClock }),
  };
  return { record, deadlineAt, timeControl: tc };
}

/** Whether the game's deadline has come at `now`: the side to move can no longer act. */
export const overdue = (row: Pick<GameRow, 'deadlineAt'>, now: Date): boolean =>
  row.deadlineAt !== null && row.deadlineAt.getTime() <= now.getTime();
