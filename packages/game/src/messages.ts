/**
 * The game's messages of spec/game.md section 8, exactly as written there: what the move logic says
 * to the player (a toast), undo and redo, the ends of a game. Placeholders are filled below.
 */
import {
  ATTACK_DOUBLE_BOX,
  CASTLE,
  COPY,
  type ColorName,
  capitalize,
  EN_PASSANT,
  JOIN,
  type Move,
  moveFrom,
  moveKind,
  moveTo,
  type TypeName,
} from '@sbc/rules';

export const MESSAGES = {
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
  stalemateDialog: 'Stalemate! The game ends in a draw.',
  drawAgreed: 'Game drawn by agreement.',
  drawDeclared: 'Game declared a draw.',
  drawText: 'The game ends in a draw.',
  gameEnded: 'Game has ended.',
  // Not in the spec: the reasons a player needs beyond its catalogue.
  choosePiece: 'Choose which piece of the shared box moves',
  promotionPending: 'Choose a promotion piece first',
  notYourTurn: 'It is not your turn',
  undoOnline: 'Undo and redo are not available in online games',
} as const;

export const resignedMessage = (side: ColorName): string => `${capitalize(side)} has resigned.`;
export const abandonedMessage = (winner: ColorName): string =>
  `Game abandoned! ${capitalize(winner)} wins by default.`;
export const capturedMessage = (piece: TypeName): string => `Captured ${piece}!`;
export const capturedPromotedMessage = (piece: TypeName, to: TypeName): string =>
  `Captured ${piece} and promoted to ${to}!`;
export const promotedMessage = (to: TypeName): string => `Pawn promoted to ${to}`;
export const sacrificedMessage = (piece: TypeName): string =>
  `${capitalize(piece)} sacrificed, mixed shared box created`;
/** Not in the spec: what the defender is told when its double box is attacked. */
export const defenderChoiceMessage = (defender: ColorName): string =>
  `Shared box attacked! ${capitalize(defender)} must choose which piece to sacrifice.`;

/** What the move logic says after `m`, given what it took at once and who decides next. */
export function moveMessage(
  m: Move,
  captured: TypeName | null,
  promotion: TypeName | null,
  next: ColorName,
): string | null {
  const kind = moveKind(m);
  if (kind === JOIN) return MESSAGES.boxCreated;
  if (kind === COPY) return MESSAGES.boxCopied;
  if (kind === ATTACK_DOUBLE_BOX) return defenderChoiceMessage(next);
  if (kind === CASTLE)
    return moveTo(m) > moveFrom(m) ? MESSAGES.kingsideCastling : MESSAGES.queensideCastling;
  if (kind === EN_PASSANT) return MESSAGES.enPassant;
  if (promotion) return captured ? capturedPromotedMessage(captured, promotion) : promotedMessage(promotion);
  return captured ? capturedMessage(captured) : null;
}
