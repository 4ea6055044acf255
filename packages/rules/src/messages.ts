/**
 * Every message of spec/game.md section 8 and RULES.md that belongs to the rules, exactly as
 * written there. Placeholders are filled by the functions below.
 */
import { COLOR_NAMES, type Color, capitalize, type PieceType, TYPE_NAMES } from './piece.ts';

export const MESSAGES = {
  invalidMove: 'Invalid move',
  noPiece: 'No piece to move',
  boxedPieceCannotCreate:
    'Strong pieces from shared boxes cannot create new shared boxes on their first move',
  boxLimit: 'Maximum 3 shared boxes allowed total',
  squareHasBox: 'Square already has a shared box',
  ownBox: 'Cannot attack your own pieces in shared box',
  noPendingChoice: 'No pending defender choice',
  invalidSquare: 'Invalid target square',
  noUndo: 'No moves to undo',
  noRedo: 'No moves to redo',
  undone: 'Move undone successfully',
  redone: 'Move redone successfully',
  undonePair: 'Undone human move and AI response',
  redonePair: 'Redone human move and AI response',
  boxCreated: 'Shared box created!',
  boxCopied: 'Shared box created with 2 strong pieces! Choose which piece to sacrifice when attacked.',
  kingsideCastling: 'Kingside castling',
  queensideCastling: 'Queenside castling',
  enPassant: 'En passant capture',
  stalemate: 'Stalemate! Game is a draw.',
  stalemateDialog: 'Stalemate! The game ends in a draw.',
  threefold: 'Draw by threefold repetition.',
  fiftyMove: 'Draw by the fifty-move rule.',
  insufficientMaterial: 'Draw by insufficient material.',
  drawAgreed: 'Game drawn by agreement.',
  drawDeclared: 'Game declared a draw.',
  drawText: 'The game ends in a draw.',
  drawAgreedText: 'The game ends in a draw by agreement.',
  gameEnded: 'Game has ended.',
  // Not in the spec: the reasons a player needs beyond its catalogue.
  kingInCheck: 'That move would leave your king in check',
  choosePiece: 'Choose which piece of the shared box moves',
  choicePending: 'The attacked side must first choose which piece to sacrifice',
  promotionPending: 'Choose a promotion piece first',
  notYourTurn: 'It is not your turn',
  undoOnline: 'Undo and redo are not available in online games',
} as const;

const color = (c: Color): string => capitalize(COLOR_NAMES[c]);
const piece = (t: PieceType): string => TYPE_NAMES[t];

export const checkmateMessage = (winner: Color): string => `Checkmate! ${color(winner)} wins!`;
export const checkMessage = (side: Color): string => `${color(side)} is in check!`;
export const resignedMessage = (side: Color): string => `${color(side)} has resigned.`;
export const abandonedMessage = (winner: Color): string =>
  `Game abandoned! ${color(winner)} wins by default.`;
export const capturedMessage = (t: PieceType): string => `Captured ${piece(t)}!`;
export const capturedPromotedMessage = (t: PieceType, to: PieceType): string =>
  `Captured ${piece(t)} and promoted to ${piece(to)}!`;
export const promotedMessage = (to: PieceType): string => `Pawn promoted to ${piece(to)}`;
export const sacrificedMessage = (t: PieceType): string =>
  `${capitalize(piece(t))} sacrificed, mixed shared box created`;
/** Not in the spec: what the defender is told when its double box is attacked. */
export const defenderChoiceMessage = (defender: Color): string =>
  `Shared box attacked! ${color(defender)} must choose which piece to sacrifice.`;
