/** The game's refusals, each with its code and, in one table, its message (the product's words). */
import { type CodedError, errorMaker, type MessageTable, type RuleError } from '@sbc/rules';

export const GAME_ERRORS = {
  gameEnded: 'Game has ended.',
  invalidSquare: 'Invalid target square',
  noPendingChoice: 'No pending defender choice',
  noUndo: 'No moves to undo',
  noRedo: 'No moves to redo',
  // The project's own: reasons a player needs that the messages above do not give.
  notYourTurn: 'It is not your turn',
  undoOnline: 'Undo and redo are not available in online games',
  undoTimed: 'Undo and redo are not available in timed games',
  timeUp: 'Time is up: the game ended on time',
  choosePiece: 'Choose which piece of the shared box moves',
  unknownPiece: (name: string) => `Unknown piece '${name}'`,
  invalidPromotion: (name: string) => `A pawn promotes to a queen, rook, bishop or knight, not '${name}'`,
  promotionPending: 'Choose a promotion piece first',
  noPendingPromotion: 'No pending promotion',
  noSuchSacrifice: (piece: string) => `The attacked box holds no ${piece} to sacrifice`,
  // Move text (docs/rules.md, appendix) and the records replayed from it.
  notMoveText: (text: string) => `'${text}' is not move text (examples: e2e4, e7e8q, Qd3d4, sac=N)`,
  moveWhileChoice: (square: string) => `a defender choice is pending on ${square}`,
  illegalMoveText: (text: string) => `illegal move: ${text}`,
  ambiguousMoveText: (from: string, to: string) =>
    `ambiguous move: the box on ${from} holds two pieces that can go to ${to}; put the letter of the one that moves first`,
  recordMove: (move: number, text: string, reason: string) => `move ${move} (${text}): ${reason}`,
} as const satisfies MessageTable;

export type GameErrorCode = keyof typeof GAME_ERRORS;
/** A refusal of the game: its own, or the rules' (a move the rules do not allow). */
export type GameError = RuleError | CodedError<GameErrorCode>;
export const gameError = errorMaker(GAME_ERRORS);
