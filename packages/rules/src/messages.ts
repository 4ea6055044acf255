/**
 * The messages of spec/game.md section 8 and RULES.md that the rules themselves produce, exactly as
 * written there: why a move is refused, and the status banners. Placeholders are filled below.
 */
import { COLOR_NAMES, type Color, capitalize } from './piece.ts';

export const MESSAGES = {
  invalidMove: 'Invalid move',
  noPiece: 'No piece to move',
  boxedPieceCannotCreate:
    'Strong pieces from shared boxes cannot create new shared boxes on their first move',
  boxLimit: 'Maximum 3 shared boxes allowed total',
  squareHasBox: 'Square already has a shared box',
  ownBox: 'Cannot attack your own pieces in shared box',
  stalemate: 'Stalemate! Game is a draw.',
  threefold: 'Draw by threefold repetition.',
  fiftyMove: 'Draw by the fifty-move rule.',
  insufficientMaterial: 'Draw by insufficient material.',
  // Not in the spec: the reasons a player needs beyond its catalogue.
  kingInCheck: 'That move would leave your king in check',
  choicePending: 'The attacked side must first choose which piece to sacrifice',
} as const;

const color = (c: Color): string => capitalize(COLOR_NAMES[c]);

export const checkmateMessage = (winner: Color): string => `Checkmate! ${color(winner)} wins!`;
export const checkMessage = (side: Color): string => `${color(side)} is in check!`;
