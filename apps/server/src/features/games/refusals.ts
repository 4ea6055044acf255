import type { GameError } from '@sbc/game';
import { HttpError } from '../../errors.ts';

/**
 * The HTTP status of each refusal of the rules or the game, by code: the ones a client cannot fix
 * by changing its request (the game is over, it is the other side's turn) are conflicts; every other
 * refusal is a bad request.
 */
const STATUS: Partial<Record<GameError['code'], number>> = {
  gameEnded: 409,
  notYourTurn: 409,
};

/** The answer to a refusal: its status, its message, and its code for clients that tell them apart. */
export const refusal = (error: GameError): HttpError =>
  new HttpError(STATUS[error.code] ?? 400, error.message, { code: error.code });
