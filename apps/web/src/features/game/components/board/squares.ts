import type { PieceState, SquareState } from '@sbc/game';
import type { ColorName, TypeName } from '@sbc/rules';

export const piecesOf = (s: SquareState): PieceState[] =>
  [s.piece, s.sharedPiece].filter((p): p is PieceState => p !== null);

/** Strong pieces first, then white before black: "white knight and white pawn". */
export function ordered(pieces: PieceState[]): PieceState[] {
  return [...pieces].sort(
    (a, b) =>
      Number(a.type === 'pawn') - Number(b.type === 'pawn') ||
      Number(a.color === 'black') - Number(b.color === 'black'),
  );
}

/** The mover's own piece types on a square (two for an own box of different types). */
export function ownTypes(s: SquareState | undefined, turn: ColorName): TypeName[] {
  if (!s) return [];
  return [
    ...new Set(
      piecesOf(s)
        .filter((p) => p.color === turn)
        .map((p) => p.type),
    ),
  ];
}

export function describeSquare(s: SquareState): string {
  const pieces = ordered(piecesOf(s));
  if (pieces.length === 0) return `${s.coordinate}, empty`;
  return `${s.coordinate}, ${pieces.map((p) => `${p.color} ${p.type}`).join(' and ')}`;
}

/** What a square shows besides its pieces. */
export interface Marks {
  selected: boolean;
  /** A destination of the selected piece: a move now, or a premove while the other side is to move. */
  target: 'move' | 'premove' | null;
  /** A square of the queued premove. */
  queued: boolean;
  /** The computer's chosen piece. */
  chosen: boolean;
  check: boolean;
  /** A piece here gives checkmate. */
  checker?: boolean;
  last: boolean;
}

/** The square's accessible name: its pieces, then its marks ("e2, white pawn, selected"). */
export function squareLabel(s: SquareState, marks: Marks): string {
  const states = [
    marks.selected && 'selected',
    marks.target && `possible ${marks.target}`,
    marks.queued && 'premove',
    marks.chosen && "computer's piece",
    marks.check && 'in check',
    marks.checker && 'gives check',
    marks.last && 'last move',
  ].filter(Boolean);
  return describeSquare(s) + (states.length ? `, ${states.join(', ')}` : '');
}
