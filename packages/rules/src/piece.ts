/**
 * Pieces as small integers: `color << 3 | type`, so white pieces sort before black ones and,
 * within a colour, P < N < B < R < Q < K. SBFEN writes a box in exactly that order.
 */

export const WHITE = 0;
export const BLACK = 1;
export type Color = 0 | 1;

export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export type PieceType = 1 | 2 | 3 | 4 | 5 | 6;

/** A piece code: 0 means no piece. */
export type Piece = number;

export const pieceOf = (color: Color, type: PieceType): Piece => (color << 3) | type;
export const colorOf = (p: Piece): Color => (p >> 3) as Color;
export const typeOf = (p: Piece): PieceType => (p & 7) as PieceType;

/** Knight, bishop, rook and queen: the pieces that may join a pawn or copy a capture. */
export const isStrong = (p: Piece): boolean => {
  const t = p & 7;
  return t >= KNIGHT && t <= QUEEN;
};

export const COLOR_NAMES = ['white', 'black'] as const;
export type ColorName = (typeof COLOR_NAMES)[number];
export const opponent = (c: ColorName): ColorName => (c === 'white' ? 'black' : 'white');
export const PIECE_NAMES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
export type TypeName = (typeof PIECE_NAMES)[number];
/** Piece names by type: '' for 0 (no piece). */
export const TYPE_NAMES = ['', ...PIECE_NAMES] as const;
/** The name of a piece type: `typeName(KNIGHT)` is 'knight'. */
export const typeName = (t: PieceType): TypeName => PIECE_NAMES[t - 1];

const LETTERS = ' PNBRQK';
/** Uppercase letter of a piece type (`P` for a pawn). */
export const typeLetter = (t: PieceType): string => LETTERS[t];
/** FEN letter of a piece: uppercase for white, lowercase for black. */
export const pieceLetter = (p: Piece): string =>
  colorOf(p) === WHITE ? LETTERS[typeOf(p)] : LETTERS[typeOf(p)].toLowerCase();

/** Parses one FEN letter; returns 0 when it names no piece. */
export function parsePieceLetter(ch: string): Piece {
  const t = LETTERS.indexOf(ch.toUpperCase());
  if (t < 1 || ch.length !== 1) return 0;
  return pieceOf(ch === ch.toUpperCase() ? WHITE : BLACK, t as PieceType);
}

/** Parses an uppercase type letter (`N`); returns 0 when it is not one. */
export function parseTypeLetter(ch: string): PieceType | 0 {
  const t = LETTERS.indexOf(ch);
  return t >= 1 && ch.length === 1 ? (t as PieceType) : 0;
}

/** Parses a type name (`knight`); returns 0 when it is not one. */
export function parseTypeName(name: string): PieceType | 0 {
  const t = TYPE_NAMES.indexOf(name as TypeName);
  return t > 0 ? (t as PieceType) : 0;
}
