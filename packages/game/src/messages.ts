/**
 * What the game says, in one table: the move logic's toasts, undo and redo, the status banners
 * and the Game Over texts. Placeholders are filled below; refusals are in errors.ts.
 */
import {
  ATTACK_DOUBLE_BOX,
  CASTLE,
  COPY,
  type ColorName,
  type DrawReason,
  EN_PASSANT,
  JOIN,
  type Move,
  moveFrom,
  moveKind,
  moveTo,
  type TypeName,
} from '@sbc/rules';

export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const MESSAGES = {
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
} as const;

/** The banner of each draw the position shows. */
export const DRAW_MESSAGES: Record<DrawReason, string> = {
  threefold: MESSAGES.threefold,
  'fifty-move': MESSAGES.fiftyMove,
  'insufficient-material': MESSAGES.insufficientMaterial,
};

export const checkmateMessage = (winner: ColorName): string => `Checkmate! ${capitalize(winner)} wins!`;
export const checkMessage = (side: ColorName): string => `${capitalize(side)} is in check!`;
export const resignedMessage = (side: ColorName): string => `${capitalize(side)} has resigned.`;
export const abandonedMessage = (winner: ColorName): string =>
  `Game abandoned! ${capitalize(winner)} wins by default.`;
export const outOfTimeMessage = (winner: ColorName): string => `Time out! ${capitalize(winner)} wins!`;
export const timeoutDrawMessage = (winner: ColorName): string =>
  `Time out, but ${capitalize(winner)} cannot checkmate. Game is a draw.`;
export const abortedMessage = (side: ColorName): string =>
  `Game aborted: ${capitalize(side)} did not make a first move.`;
export const opponentLeftMessage = (winner: ColorName | null, absent: ColorName): string =>
  `${capitalize(absent)} left the game. ${winner ? `${capitalize(winner)} wins!` : 'Game is a draw.'}`;
export const capturedMessage = (piece: TypeName): string => `Captured ${piece}!`;
export const capturedPromotedMessage = (piece: TypeName, to: TypeName): string =>
  `Captured ${piece} and promoted to ${to}!`;
export const promotedMessage = (to: TypeName): string => `Pawn promoted to ${to}`;
export const sacrificedMessage = (piece: TypeName): string =>
  `${capitalize(piece)} sacrificed, mixed shared box created`;
/** The project's own: what the defender is told when its double box is attacked. */
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
