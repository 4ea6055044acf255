/**
 * Errors as values: every refusal of the rules has a code, and its message lives in one table
 * (the product's words exactly, where it has them). Callers tell refusals apart by
 * code; people read the message.
 */
import { BOX_LIMIT } from './position.ts';

/** A table of messages by code: the text, or a function that writes it from the details. */
export type MessageTable = Record<string, string | ((...details: never[]) => string)>;
/** The details a code's message needs: none for a plain text. */
export type Details<M> = M extends (...details: infer D) => string ? D : [];

export interface CodedError<C extends string = string> {
  readonly code: C;
  readonly message: string;
}

/** The error maker of one table: `error('boxLimit')`, `error('sbfenFieldCount', 5)`. */
export function errorMaker<T extends MessageTable>(table: T) {
  return <C extends keyof T & string>(code: C, ...details: Details<T[C]>): CodedError<C> => {
    const text = table[code];
    return {
      code,
      message: typeof text === 'string' ? text : (text as (...d: unknown[]) => string)(...details),
    };
  };
}

export const RULE_ERRORS = {
  // Why a move is refused (explainIllegal).
  invalidMove: 'Invalid move',
  noPiece: 'No piece to move',
  boxedPieceCannotCreate:
    'Strong pieces from shared boxes cannot create new shared boxes on their first move',
  boxLimit: `Maximum ${BOX_LIMIT} shared boxes allowed total`,
  squareHasBox: 'Square already has a shared box',
  ownBox: 'Cannot attack your own pieces in shared box',
  // The project's own: reasons a player needs that the messages above do not give.
  kingInCheck: 'That move would leave your king in check',
  choicePending: 'The attacked side must first choose which piece to sacrifice',
  notCheckmate: 'The position is not checkmate',
  // Why SBFEN is refused (docs/rules.md, appendix).
  sbfenFieldCount: (found: number) => `SBFEN needs 6 fields separated by spaces, found ${found}`,
  sbfenRankCount: (found: number) => `the piece placement needs 8 ranks separated by '/', found ${found}`,
  sbfenRankOverflow: (rank: number) => `rank ${rank} has more than 8 squares`,
  sbfenEmptyRun: (rank: number, digits: string) =>
    `rank ${rank} has two digits in a row ('${digits}'); a run of empty squares is one digit from 1 to 8`,
  sbfenUnclosedBox: (rank: number) => `rank ${rank} has a '(' without its ')'`,
  sbfenBoxLetters: (box: string, square: string) =>
    `the box '(${box})' on ${square} must hold exactly two piece letters`,
  sbfenBoxInStandard: (box: string, square: string) =>
    `boxes are not allowed in standard chess (found '(${box})' on ${square})`,
  sbfenKingInBox: (box: string, square: string) =>
    `the box '(${box})' on ${square} is not a valid box: a king is never in a box`,
  sbfenPawnPair: (box: string, square: string) =>
    `the box '(${box})' on ${square} is not a valid box: two pawns of one colour are not a box`,
  sbfenCharacter: (ch: string, rank: number) => `unexpected character '${ch}' in rank ${rank}`,
  sbfenRankSquares: (rank: number, squares: number) => `rank ${rank} has ${squares} squares, expected 8`,
  sbfenBoxLimit: (boxes: number) =>
    `the position has ${boxes} boxes; at most ${BOX_LIMIT} may stand on the board`,
  sbfenPawnOnEdge: (square: string) =>
    `a pawn stands on ${square}; pawns cannot stand on the first or last rank`,
  sbfenKingCount: (color: string, kings: number) =>
    `${color} has ${kings} kings; each side needs exactly one`,
  sbfenSideToMove: (found: string) => `the side to move must be 'w' or 'b', found '${found}'`,
  sbfenCastlingCharacter: (ch: string, field: string) =>
    `unexpected character '${ch}' in the castling field '${field}'`,
  sbfenCastlingRepeat: (field: string, ch: string) => `the castling field '${field}' repeats '${ch}'`,
  sbfenEnPassantField: (found: string) => `the en passant field must be a square or '-', found '${found}'`,
  sbfenEnPassantSquare: (square: string) =>
    `the en passant square ${square} does not follow a double step of the side that just moved`,
  sbfenHalfmove: (found: string) => `the halfmove clock must be a whole number, found '${found}'`,
  sbfenFullmove: (found: string) => `the fullmove number must be a whole number from 1, found '${found}'`,
  sbfenWaitingInCheck: (color: string) => `the side not to move (${color}) is in check`,
} as const satisfies MessageTable;

export type RuleErrorCode = keyof typeof RULE_ERRORS;
export type RuleError = CodedError<RuleErrorCode>;
export const ruleError = errorMaker(RULE_ERRORS);
