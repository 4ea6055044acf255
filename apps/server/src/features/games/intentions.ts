import type { GameIntention } from '@sbc/api';
import {
  type ActionResult,
  clockRuns,
  type Game,
  type GameError,
  gameError,
  OPPONENT_LEFT_MS,
} from '@sbc/game';
import { type ColorName, opponent, type Result } from '@sbc/rules';
import { conflict, forbidden, HttpError } from '../../errors.ts';
import type { GameEvent } from '../../events/bus.ts';
import { refusal } from './refusals.ts';
import type { GameRow, LoadedGame } from './types.ts';

type DrawStatus = 'pending' | 'accepted' | 'rejected';

/** What an intention did to a loaded game, beyond the game itself. */
export interface Change {
  /** What the move logic says to the player (a toast), or null. */
  message: string | null;
  event: GameEvent['type'];
  /** A decision of the side to move: its clock stops and the inactivity timer starts again. */
  decided: boolean;
  draw?: { status: DrawStatus; requestedBy: string | null };
  /** A takeback or its redo: the history changed otherwise than by moves added. */
  rewinds?: true;
  /** What the change's event says besides the game (docs/api.md §7). */
  payload?: ChangeNews;
}

export interface ChangeNews {
  requestedBy?: string | null;
  resignedBy?: string;
  winnerId?: string | null;
  inactivePlayerId?: string | null;
}

/**
 * The colours a user plays. The owner of a local or computer game plays both: a local game is
 * two people at one screen, and in a computer game the owner submits the computer's moves too.
 */
export function colorsOf(row: GameRow, userId: string): ColorName[] {
  if (row.mode !== 'online') return row.ownerId === userId ? ['white', 'black'] : [];
  const colors: ColorName[] = [];
  if (row.whitePlayerId === userId) colors.push('white');
  if (row.blackPlayerId === userId) colors.push('black');
  return colors;
}

/** The colour a player of an online game plays against. */
export const opponentOf = (row: GameRow, userId: string): ColorName => opponent(colorsOf(row, userId)[0]);

export const playerIdOf = (row: GameRow, color: ColorName | null): string | null =>
  color === 'white' ? row.whitePlayerId : color === 'black' ? row.blackPlayerId : null;

/** The rules' answer; a refusal changes nothing and goes back to the client with the rules' reason. */
function rules(result: Result<ActionResult, GameError>): string | null {
  if (result.ok) return result.value.message;
  throw refusal(result.error);
}

function requireLive(game: Game): void {
  if (game.isOver) throw refusal(gameError('gameEnded'));
}

/** An ended game is refused as ended first: its final position still has a side "to move". */
function requireTurn({ row, game }: LoadedGame, userId: string): void {
  requireLive(game);
  if (!colorsOf(row, userId).includes(game.turn)) throw refusal(gameError('notYourTurn'));
}

/** A takeback would have to give time back: timed games have none. */
function requireUntimed({ row }: LoadedGame): void {
  if (row.timeControl.kind !== 'untimed') throw refusal(gameError('undoTimed'));
}

/** A move intention may say which move it means to be: a replayed or stale one is refused. */
function expectNext(game: Game, intention: { moveNumber?: number; player?: ColorName }): void {
  const next = game.moves.length + 1;
  if (
    (intention.moveNumber !== undefined && intention.moveNumber !== next) ||
    (intention.player !== undefined && intention.player !== game.turn)
  ) {
    throw conflict(`The next move is move ${next} for ${game.turn}; reload the game and try again`);
  }
}

export function applyIntention(loaded: LoadedGame, userId: string, intention: GameIntention): Change {
  const { game } = loaded;
  switch (intention.action) {
    case 'undo':
      requireUntimed(loaded);
      return { message: rules(game.undo()), event: 'game:updated', decided: true, rewinds: true };
    case 'redo':
      requireUntimed(loaded);
      return { message: rules(game.redo()), event: 'game:updated', decided: true, rewinds: true };
    case 'move': {
      requireTurn(loaded, userId);
      expectNext(game, intention);
      const before = game.moves.length;
      const { from, to, piece, promotion } = intention;
      const message = rules(game.move({ from, to, piece, promotion }));
      // A pawn on the last rank without its promotion piece waits for 'promote': no move yet.
      if (game.moves.length === before) return { message, event: 'game:updated', decided: false };
      return { message, event: 'game:move', decided: true };
    }
    case 'choose': {
      requireTurn(loaded, userId);
      const message = rules(game.choose(intention.sacrifice));
      return { message, event: 'game:move', decided: true };
    }
    case 'promote': {
      requireTurn(loaded, userId);
      const message = rules(game.promote(intention.piece));
      return { message, event: 'game:move', decided: true };
    }
  }
}

/** Online the user's colour resigns; in a computer game the human; locally the side to move. */
export function resign(loaded: LoadedGame, userId: string): Change {
  const { row, stored, game } = loaded;
  const side =
    row.mode === 'online'
      ? colorsOf(row, userId)[0]
      : row.mode === 'computer'
        ? stored.humanColor
        : game.turn;
  const message = rules(game.resign(side));
  const winnerId = playerIdOf(row, game.status().winner);
  return { message, event: 'game:resigned', decided: false, payload: { resignedBy: userId, winnerId } };
}

/** Online the opponent must accept; in a local or computer game the draw is declared at once. */
export function requestDraw(loaded: LoadedGame, userId: string): Change {
  const { row, game } = loaded;
  if (row.mode !== 'online')
    return { message: rules(game.agreeDraw()), event: 'game:draw_accepted', decided: false };
  requireLive(game);
  if (row.drawRequestStatus === 'pending') throw conflict('A draw request is already pending');
  return {
    message: 'Draw requested; waiting for your opponent to respond',
    event: 'game:draw_requested',
    decided: false,
    draw: { status: 'pending', requestedBy: userId },
    payload: { requestedBy: userId },
  };
}

export function respondToDraw(loaded: LoadedGame, userId: string, accept: boolean): Change {
  const { row, game } = loaded;
  requireLive(game);
  if (row.drawRequestStatus !== 'pending') throw conflict('There is no draw request to respond to');
  if (row.drawRequestedBy === userId) throw forbidden('Only your opponent can respond to your draw request');
  const requestedBy = row.drawRequestedBy;
  if (!accept) {
    return {
      message: 'Draw request rejected',
      event: 'game:draw_rejected',
      decided: false,
      draw: { status: 'rejected', requestedBy },
      payload: { requestedBy },
    };
  }
  const message = rules(game.agreeDraw());
  return {
    message,
    event: 'game:draw_accepted',
    decided: false,
    draw: { status: 'accepted', requestedBy },
    payload: { requestedBy },
  };
}

/**
 * The side to move's time ran out (docs/rules.md §10): a flag, or an abort when it had not yet made
 * its first move, which counts for nobody.
 */
export function onTime(loaded: LoadedGame): Change {
  const { row, stored, game } = loaded;
  const inactivePlayerId = playerIdOf(row, game.turn);
  const aborts = stored.chessClock != null && !clockRuns(stored.chessClock);
  const message = rules(aborts ? game.abort() : game.flag());
  const winnerId = playerIdOf(row, game.status().winner);
  return { message, event: 'game:timeout', decided: false, payload: { winnerId, inactivePlayerId } };
}

const noClaim = (message: string) => new HttpError(409, message, { code: 'noClaim' });
/** Why a claim against an opponent who left is refused (`noClaim`). */
export const CLAIMS = {
  untimed: 'Only a game on a clock against an opponent can be claimed when the opponent leaves',
  present: 'Your opponent is connected',
  early: `You can claim once your opponent has been away for ${OPPONENT_LEFT_MS / 1000} seconds`,
};

/**
 * The player of an online game on a clock claims the win or a draw against an opponent who has
 * had no socket since `absentSince` (null: connected, or never seen going), at least
 * OPPONENT_LEFT_MS before `now`. Not in correspondence, where a player is away between moves by
 * design (as on lichess).
 */
export function claim(
  loaded: LoadedGame,
  userId: string,
  result: 'win' | 'draw',
  absentSince: number | null,
  now: number,
): Change {
  const { row, game } = loaded;
  requireLive(game);
  if (row.mode !== 'online' || row.timeControl.kind !== 'clock') throw noClaim(CLAIMS.untimed);
  if (absentSince === null) throw noClaim(CLAIMS.present);
  if (now - absentSince < OPPONENT_LEFT_MS) throw noClaim(CLAIMS.early);
  const absent = opponentOf(row, userId);
  const message = rules(game.claim(absent, result));
  const winnerId = playerIdOf(row, game.status().winner);
  const inactivePlayerId = playerIdOf(row, absent);
  return { message, event: 'game:timeout', decided: false, payload: { winnerId, inactivePlayerId } };
}

/** The side to move waited too long: it loses. */
export function abandon(loaded: LoadedGame): Change {
  const { row, game } = loaded;
  const inactivePlayerId = playerIdOf(row, game.turn);
  const message = rules(game.abandon());
  const winnerId = playerIdOf(row, game.status().winner);
  return { message, event: 'game:timeout', decided: false, payload: { winnerId, inactivePlayerId } };
}
