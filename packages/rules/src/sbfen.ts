import {
  BLACK,
  COLOR_NAMES,
  colorOf,
  KING,
  PAWN,
  type Piece,
  parsePieceLetter,
  pieceLetter,
  ROOK,
  typeOf,
  WHITE,
} from './piece.ts';
import { BLACK_KINGSIDE, BLACK_QUEENSIDE, Position, WHITE_KINGSIDE, WHITE_QUEENSIDE } from './position.ts';
import { err, ok, type Result } from './result.ts';
import { parseSquare, rankOf, squareAt, squareName } from './square.ts';

export const START_SBFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The most boxes that may stand on the board at once (RULES.md 1). */
export const BOX_LIMIT = 3;

const CASTLING_LETTERS: Record<string, number> = {
  K: WHITE_KINGSIDE,
  Q: WHITE_QUEENSIDE,
  k: BLACK_KINGSIDE,
  q: BLACK_QUEENSIDE,
};

/** Why a pair of pieces cannot share a square, or null when it is a pawn, double or mixed box. */
function boxProblem(x: Piece, y: Piece): string | null {
  if (typeOf(x) === KING || typeOf(y) === KING) return 'a king is never in a box';
  if (colorOf(x) !== colorOf(y)) return null;
  if (typeOf(x) === PAWN && typeOf(y) === PAWN) return 'two pawns of one colour are not a box';
  return null;
}

/** Reads SBFEN (RULES.md 7). `standard` reads ordinary FEN, in which boxes are not allowed. */
export function parseSbfen(text: string, standard = false): Result<Position> {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 6) return err(`SBFEN needs 6 fields separated by spaces, found ${fields.length}`);
  const [placement, turn, castling, ep, halfmove, fullmove] = fields;
  const pos = new Position(standard);

  const ranks = placement.split('/');
  if (ranks.length !== 8)
    return err(`the piece placement needs 8 ranks separated by '/', found ${ranks.length}`);
  let boxes = 0;
  for (let r = 0; r < 8; r++) {
    const rank = 7 - r;
    const row = ranks[r];
    let file = 0;
    for (let i = 0; i < row.length; i++) {
      const ch = row[i];
      if (file > 7) return err(`rank ${rank + 1} has more than 8 squares`);
      if (ch >= '1' && ch <= '8') {
        const before = row[i - 1];
        if (before >= '1' && before <= '8')
          return err(
            `rank ${rank + 1} has two digits in a row ('${before}${ch}'); a run of empty squares is one digit from 1 to 8`,
          );
        file += Number(ch);
        continue;
      }
      const sq = squareAt(file, rank);
      if (ch === '(') {
        const close = row.indexOf(')', i);
        if (close < 0) return err(`rank ${rank + 1} has a '(' without its ')'`);
        const inside = row.slice(i + 1, close);
        const x = inside.length === 2 ? parsePieceLetter(inside[0]) : 0;
        const y = inside.length === 2 ? parsePieceLetter(inside[1]) : 0;
        if (!x || !y)
          return err(`the box '(${inside})' on ${squareName(sq)} must hold exactly two piece letters`);
        if (standard)
          return err(`boxes are not allowed in standard chess (found '(${inside})' on ${squareName(sq)})`);
        const problem = boxProblem(x, y);
        if (problem) return err(`the box '(${inside})' on ${squareName(sq)} is not a valid box: ${problem}`);
        pos.place(sq, x, y);
        boxes++;
        i = close;
      } else {
        const p = parsePieceLetter(ch);
        if (!p) return err(`unexpected character '${ch}' in rank ${rank + 1}`);
        pos.place(sq, p);
      }
      file++;
    }
    if (file !== 8) return err(`rank ${rank + 1} has ${file} squares, expected 8`);
  }
  if (boxes > BOX_LIMIT)
    return err(`the position has ${boxes} boxes; at most ${BOX_LIMIT} may stand on the board`);

  const kings = [0, 0];
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    for (const p of [pos.first[sq], pos.second[sq]]) {
      if (!p) continue;
      if (typeOf(p) === KING) kings[colorOf(p)]++;
      if (typeOf(p) === PAWN && (rankOf(sq) === 0 || rankOf(sq) === 7)) {
        return err(`a pawn stands on ${squareName(sq)}; pawns cannot stand on the first or last rank`);
      }
    }
  }
  for (const c of [WHITE, BLACK]) {
    if (kings[c] !== 1) return err(`${COLOR_NAMES[c]} has ${kings[c]} kings; each side needs exactly one`);
  }

  if (turn !== 'w' && turn !== 'b') return err(`the side to move must be 'w' or 'b', found '${turn}'`);
  pos.turn = turn === 'w' ? WHITE : BLACK;

  if (castling !== '-') {
    for (const ch of castling) {
      const bit = CASTLING_LETTERS[ch];
      if (!bit) return err(`unexpected character '${ch}' in the castling field '${castling}'`);
      if (pos.castling & bit) return err(`the castling field '${castling}' repeats '${ch}'`);
      pos.castling |= bit;
    }
  }
  // A right whose king or rook is not at home can never be used: drop it, as FEN readers do.
  const home = (king: number, corner: number, c: 0 | 1) =>
    pos.first[king] === ((c << 3) | KING) &&
    (pos.first[corner] === ((c << 3) | ROOK) || pos.second[corner] === ((c << 3) | ROOK));
  if (!home(0x04, 0x07, WHITE)) pos.castling &= ~WHITE_KINGSIDE;
  if (!home(0x04, 0x00, WHITE)) pos.castling &= ~WHITE_QUEENSIDE;
  if (!home(0x74, 0x77, BLACK)) pos.castling &= ~BLACK_KINGSIDE;
  if (!home(0x74, 0x70, BLACK)) pos.castling &= ~BLACK_QUEENSIDE;

  if (ep !== '-') {
    const sq = parseSquare(ep);
    if (sq < 0) return err(`the en passant field must be a square or '-', found '${ep}'`);
    const expectedRank = pos.turn === WHITE ? 5 : 2;
    const pawnSq = pos.turn === WHITE ? sq - 16 : sq + 16;
    const pawn = pos.turn === WHITE ? (BLACK << 3) | PAWN : PAWN;
    if (
      rankOf(sq) !== expectedRank ||
      pos.first[sq] !== 0 ||
      pos.first[pawnSq] !== pawn ||
      pos.second[pawnSq]
    ) {
      return err(`the en passant square ${ep} does not follow a double step of the side that just moved`);
    }
    pos.epSquare = sq;
  }

  if (!/^\d+$/.test(halfmove)) return err(`the halfmove clock must be a whole number, found '${halfmove}'`);
  if (!/^\d+$/.test(fullmove) || Number(fullmove) < 1) {
    return err(`the fullmove number must be a whole number from 1, found '${fullmove}'`);
  }
  pos.halfmove = Number(halfmove);
  pos.fullmove = Number(fullmove);

  pos.rehash();
  const waiting = (pos.turn ^ 1) as 0 | 1;
  if (pos.isAttacked(pos.kings[waiting], pos.turn)) {
    return err(`the side not to move (${COLOR_NAMES[waiting]}) is in check`);
  }
  return ok(pos);
}

/** Writes SBFEN; a box is written white first, then P, N, B, R, Q. */
export function writeSbfen(pos: Position): string {
  if (pos.pendingSquare >= 0)
    throw new Error('SBFEN cannot describe a position waiting for a defender choice');
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const sq = squareAt(file, rank);
      const x = pos.first[sq];
      if (!x) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const y = pos.second[sq];
      row += y ? `(${pieceLetter(x)}${pieceLetter(y)})` : pieceLetter(x);
    }
    rows.push(empty ? row + empty : row);
  }
  let castling = '';
  for (const [ch, bit] of Object.entries(CASTLING_LETTERS)) if (pos.castling & bit) castling += ch;
  const ep = pos.epSquare >= 0 ? squareName(pos.epSquare) : '-';
  return `${rows.join('/')} ${pos.turn === WHITE ? 'w' : 'b'} ${castling || '-'} ${ep} ${pos.halfmove} ${pos.fullmove}`;
}
