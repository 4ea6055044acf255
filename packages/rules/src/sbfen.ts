import { ruleError } from './errors.ts';
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
import {
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
  BOX_LIMIT,
  Position,
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
} from './position.ts';
import { err, ok, type Result } from './result.ts';
import { parseSquare, rankOf, squareAt, squareName } from './square.ts';

export const START_SBFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const CASTLING_LETTERS: Record<string, number> = {
  K: WHITE_KINGSIDE,
  Q: WHITE_QUEENSIDE,
  k: BLACK_KINGSIDE,
  q: BLACK_QUEENSIDE,
};

/** Why a pair of pieces cannot share a square, or null when it is a pawn, double or mixed box. */
function boxProblem(x: Piece, y: Piece): 'sbfenKingInBox' | 'sbfenPawnPair' | null {
  if (typeOf(x) === KING || typeOf(y) === KING) return 'sbfenKingInBox';
  if (colorOf(x) === colorOf(y) && typeOf(x) === PAWN && typeOf(y) === PAWN) return 'sbfenPawnPair';
  return null;
}

/**
 * Reads SBFEN (docs/rules.md, appendix "SBFEN and move text"). `standard` reads ordinary FEN, in
 * which boxes are not allowed.
 */
export function parseSbfen(text: string, standard = false): Result<Position> {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 6) return err(ruleError('sbfenFieldCount', fields.length));
  const [placement, turn, castling, ep, halfmove, fullmove] = fields;
  const pos = new Position(standard);

  const ranks = placement.split('/');
  if (ranks.length !== 8) return err(ruleError('sbfenRankCount', ranks.length));
  let boxes = 0;
  for (let r = 0; r < 8; r++) {
    const rank = 7 - r;
    const row = ranks[r];
    let file = 0;
    for (let i = 0; i < row.length; i++) {
      const ch = row[i];
      if (file > 7) return err(ruleError('sbfenRankOverflow', rank + 1));
      if (ch >= '1' && ch <= '8') {
        const before = row[i - 1];
        if (before >= '1' && before <= '8') return err(ruleError('sbfenEmptyRun', rank + 1, before + ch));
        file += Number(ch);
        continue;
      }
      const sq = squareAt(file, rank);
      if (ch === '(') {
        const close = row.indexOf(')', i);
        if (close < 0) return err(ruleError('sbfenUnclosedBox', rank + 1));
        const inside = row.slice(i + 1, close);
        const x = inside.length === 2 ? parsePieceLetter(inside[0]) : 0;
        const y = inside.length === 2 ? parsePieceLetter(inside[1]) : 0;
        if (!x || !y) return err(ruleError('sbfenBoxLetters', inside, squareName(sq)));
        if (standard) return err(ruleError('sbfenBoxInStandard', inside, squareName(sq)));
        const problem = boxProblem(x, y);
        if (problem) return err(ruleError(problem, inside, squareName(sq)));
        pos.place(sq, x, y);
        boxes++;
        i = close;
      } else {
        const p = parsePieceLetter(ch);
        if (!p) return err(ruleError('sbfenCharacter', ch, rank + 1));
        pos.place(sq, p);
      }
      file++;
    }
    if (file !== 8) return err(ruleError('sbfenRankSquares', rank + 1, file));
  }
  if (boxes > BOX_LIMIT) return err(ruleError('sbfenBoxLimit', boxes));

  const kings = [0, 0];
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    for (const p of [pos.first[sq], pos.second[sq]]) {
      if (!p) continue;
      if (typeOf(p) === KING) kings[colorOf(p)]++;
      if (typeOf(p) === PAWN && (rankOf(sq) === 0 || rankOf(sq) === 7)) {
        return err(ruleError('sbfenPawnOnEdge', squareName(sq)));
      }
    }
  }
  for (const c of [WHITE, BLACK]) {
    if (kings[c] !== 1) return err(ruleError('sbfenKingCount', COLOR_NAMES[c], kings[c]));
  }

  if (turn !== 'w' && turn !== 'b') return err(ruleError('sbfenSideToMove', turn));
  pos.turn = turn === 'w' ? WHITE : BLACK;

  if (castling !== '-') {
    for (const ch of castling) {
      const bit = CASTLING_LETTERS[ch];
      if (!bit) return err(ruleError('sbfenCastlingCharacter', ch, castling));
      if (pos.castling & bit) return err(ruleError('sbfenCastlingRepeat', castling, ch));
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
    if (sq < 0) return err(ruleError('sbfenEnPassantField', ep));
    const expectedRank = pos.turn === WHITE ? 5 : 2;
    const pawnSq = pos.turn === WHITE ? sq - 16 : sq + 16;
    const pawn = pos.turn === WHITE ? (BLACK << 3) | PAWN : PAWN;
    if (
      rankOf(sq) !== expectedRank ||
      pos.first[sq] !== 0 ||
      pos.first[pawnSq] !== pawn ||
      pos.second[pawnSq]
    ) {
      return err(ruleError('sbfenEnPassantSquare', ep));
    }
    pos.epSquare = sq;
  }

  if (!/^\d+$/.test(halfmove)) return err(ruleError('sbfenHalfmove', halfmove));
  if (!/^\d+$/.test(fullmove) || Number(fullmove) < 1) return err(ruleError('sbfenFullmove', fullmove));
  pos.halfmove = Number(halfmove);
  pos.fullmove = Number(fullmove);

  pos.rehash();
  const waiting = (pos.turn ^ 1) as 0 | 1;
  if (pos.isAttacked(pos.kings[waiting], pos.turn)) {
    return err(ruleError('sbfenWaitingInCheck', COLOR_NAMES[waiting]));
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
