import {
  CASTLE,
  DOUBLE_PUSH,
  EN_PASSANT,
  FORWARD,
  KING,
  type Move,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
  PAWN,
  type Position,
  QUEEN,
  QUIET,
  ROOK,
} from '@sbc/rules';
import { END, MIDDLE, VALUE } from './pst.ts';

// The sums the evaluation needs that a move changes only where it moves: one entry per ply.
/** Material and middlegame table values, signed for white. */
export const T_MIDDLE = 0;
/** The same with the endgame tables. */
export const T_END = 1;
/** Material of both sides (pawns 100, kings aside), for the game phase. */
export const T_MATERIAL = 2;
export const T_QUEENS = 3;
/** Rooks and queens. */
export const T_MAJORS = 4;
/** Knights and bishops, plus two per pawn: at most one minor piece left means a dead draw. */
export const T_MINORS = 5;
/** Same-colour boxes, white's minus black's (a mixed box counts for no one). */
export const T_BOXES = 6;
/** White's material minus black's. */
export const T_BALANCE = 7;
/** A key of where the pawns stand (boxes included), for the pawn-structure cache. */
export const T_PAWN_LO = 8;
export const T_PAWN_HI = 9;
/** Knights, bishops, rooks and queens: white's count plus 256 times black's. */
export const T_STRONG = 10;
/** Knights and bishops 1, rooks 2, queens 4 (24 at the start): how far the blend leans to the middlegame. */
export const T_PHASE = 11;
const STRIDE = 12;

/**
 * Per square content (`first << 4 | second`) and mode (`mode << 15`: the variant, then standard
 * chess): the terms that depend on the square, four side by side (one cache line read per
 * content, not four): the middlegame and endgame table values, then the pawn key's two halves.
 */
const SQ = new Int32Array(2 << 17);
const S_MIDDLE = 0;
const S_END = 1;
const S_PAWN_LO = 2;
const S_PAWN_HI = 3;
/** Per content alone: the counting terms. */
const C_MATERIAL = new Int32Array(256);
const C_QUEENS = new Int32Array(256);
const C_MAJORS = new Int32Array(256);
const C_MINORS = new Int32Array(256);
const C_BOXES = new Int32Array(256);
const C_BALANCE = new Int32Array(256);
const C_STRONG = new Int32Array(256);
const C_PHASE = new Int32Array(256);
/** A piece's weight in T_PHASE, by type. */
const PHASE_WEIGHT = [0, 0, 1, 1, 2, 4, 0];

/** Fills the per-content tables from the piece values and tables of `pst.ts` (again when the tuner changes them). */
export function buildSums(): void {
  SQ.fill(0);
  for (const table of [C_MATERIAL, C_QUEENS, C_MAJORS, C_MINORS, C_BOXES, C_BALANCE, C_STRONG, C_PHASE])
    table.fill(0);
  let seed = 0x9e3779b9;
  const random = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed | 0;
  };
  const pawnLo = new Int32Array(2 << 7).map(random);
  const pawnHi = new Int32Array(2 << 7).map(random);
  for (let c = 1; c < 256; c++) {
    const x = c >> 4;
    const y = c & 15;
    if (x === 0 || (y !== 0 && y < x)) continue;
    for (let slot = 0; slot < (y === 0 ? 1 : 2); slot++) {
      const p = slot === 0 ? x : y;
      const t = p & 7;
      for (let sq = 0; sq < 128; sq++) {
        if (sq & 0x88) continue;
        for (let mode = 0; mode < 2; mode++) {
          const i = ((mode << 15) | (sq << 8) | c) << 2;
          SQ[i + S_MIDDLE] += MIDDLE[(mode << 11) | (p << 7) | sq];
          SQ[i + S_END] += END[(mode << 11) | (p << 7) | sq];
          if (t === PAWN) {
            SQ[i + S_PAWN_LO] ^= pawnLo[((p >> 3) << 7) | sq];
            SQ[i + S_PAWN_HI] ^= pawnHi[((p >> 3) << 7) | sq];
          }
        }
      }
      if (t === KING) continue;
      C_MATERIAL[c] += VALUE[t];
      if (t === QUEEN) C_QUEENS[c]++;
      C_PHASE[c] += PHASE_WEIGHT[t];
      if (t !== PAWN) C_STRONG[c] += p >> 3 === 0 ? 1 : 256;
      if (t >= ROOK) C_MAJORS[c]++;
      else C_MINORS[c] += t === PAWN ? 2 : 1;
      C_BALANCE[c] += (p >> 3 === 0 ? 1 : -1) * VALUE[t];
    }
    if (y !== 0 && x >> 3 === y >> 3) C_BOXES[c] = x >> 3 === 0 ? 1 : -1;
  }
}
buildSums();

/**
 * The evaluation's sums kept up to date move by move instead of recounted over the board at
 * every node: a move changes at most four squares (en passant and castling touch two more), and
 * each square's share of every sum is one table lookup by its content.
 */
export class Accumulator {
  readonly terms: Int32Array;
  /** Offset of the current entry in `terms`. */
  at = 0;
  /** The position's mode as an offset into the table values: 0 the variant, 1 << 15 standard. */
  private mode = 0;

  constructor(maxPly = 128) {
    this.terms = new Int32Array(STRIDE * (maxPly + 2));
  }

  static of(pos: Position): Accumulator {
    const acc = new Accumulator(0);
    acc.reset(pos);
    return acc;
  }

  /** Counts `pos` from scratch into the first entry. */
  reset(pos: Position): void {
    this.at = 0;
    this.mode = pos.standard ? 1 << 15 : 0;
    this.terms.fill(0, 0, STRIDE);
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7;
        continue;
      }
      this.change(sq, 0, (pos.first[sq] << 4) | pos.second[sq], 0, 0);
    }
  }

  /** Plays `m` on `pos` and brings the sums along. */
  play(pos: Position, m: Move): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    const kind = moveKind(m);
    const a = pos.first;
    const b = pos.second;
    // The squares a move can change besides its own two: the pawn taken en passant, the rook.
    let third = -1;
    let fourth = -1;
    if (kind === EN_PASSANT) third = to - FORWARD[pos.turn];
    else if (kind === CASTLE) {
      third = to > from ? from + 3 : from - 4;
      fourth = (from + to) >> 1;
    }
    const fromBefore = (a[from] << 4) | b[from];
    const toBefore = (a[to] << 4) | b[to];
    const thirdBefore = third < 0 ? 0 : (a[third] << 4) | b[third];
    pos.play(m);
    if ((kind === QUIET || kind === DOUBLE_PUSH) && (fromBefore & 15) === 0 && movePromotion(m) === 0) {
      // A lone piece steps to an empty square (most quiet moves): the same pieces stand on the
      // board, so of the sums only those by square change.
      this.slide(from, to, fromBefore);
      return;
    }
    // The first square's change writes the next entry from this one; the others change it.
    const i = this.at;
    const j = i + STRIDE;
    this.at = j;
    this.change(from, fromBefore, (a[from] << 4) | b[from], i, j);
    if (to !== from) this.change(to, toBefore, (a[to] << 4) | b[to], j, j);
    if (third >= 0) this.change(third, thirdBefore, (a[third] << 4) | b[third], j, j);
    if (fourth >= 0) this.change(fourth, 0, (a[fourth] << 4) | b[fourth], j, j);
  }

  /** Passes the turn on `pos` (a null move); the sums stay as they are. */
  playNull(pos: Position): void {
    pos.playNull();
    this.push();
  }

  /** Starts the next ply's entry as a copy of this one (a plain loop: `copyWithin` costs a builtin call for 12 numbers). */
  private push(): void {
    const t = this.terms;
    const from = this.at;
    for (let k = 0; k < STRIDE; k++) t[from + STRIDE + k] = t[from + k];
    this.at = from + STRIDE;
  }

  /** Whether `color` has a knight, bishop, rook or queen (without one, zugzwang is likely). */
  hasStrongPiece(color: number): boolean {
    return ((this.terms[this.at + T_STRONG] >> (color << 3)) & 255) !== 0;
  }

  /** Kings and at most one knight or bishop: a dead draw (docs/rules.md §9). */
  deadDraw(): boolean {
    return this.terms[this.at + T_MAJORS] === 0 && this.terms[this.at + T_MINORS] <= 1;
  }

  /** Takes back the last `play` or `playNull` on `pos`. */
  undo(pos: Position): void {
    pos.undo();
    this.at -= STRIDE;
  }

  /**
   * The next entry: the sums after `content` (one piece) moved from `from` to the empty square
   * `to`, which changes only those by square.
   */
  private slide(from: number, to: number, content: number): void {
    const t = this.terms;
    const i = this.at;
    const j = i + STRIDE;
    const x = (this.mode | (from << 8) | content) << 2;
    const y = (this.mode | (to << 8) | content) << 2;
    t[j + T_MIDDLE] = t[i + T_MIDDLE] + SQ[y + S_MIDDLE] - SQ[x + S_MIDDLE];
    t[j + T_END] = t[i + T_END] + SQ[y + S_END] - SQ[x + S_END];
    t[j + T_MATERIAL] = t[i + T_MATERIAL];
    t[j + T_QUEENS] = t[i + T_QUEENS];
    t[j + T_MAJORS] = t[i + T_MAJORS];
    t[j + T_MINORS] = t[i + T_MINORS];
    t[j + T_BOXES] = t[i + T_BOXES];
    t[j + T_BALANCE] = t[i + T_BALANCE];
    t[j + T_PAWN_LO] = t[i + T_PAWN_LO] ^ SQ[y + S_PAWN_LO] ^ SQ[x + S_PAWN_LO];
    t[j + T_PAWN_HI] = t[i + T_PAWN_HI] ^ SQ[y + S_PAWN_HI] ^ SQ[x + S_PAWN_HI];
    t[j + T_STRONG] = t[i + T_STRONG];
    t[j + T_PHASE] = t[i + T_PHASE];
    this.at = j;
  }

  /**
   * Writes into entry `j` the sums of entry `i` with square `sq`'s content changed from `before`
   * to `after` (`i` and `j` the same for a change made in place).
   */
  private change(sq: number, before: number, after: number, i: number, j: number): void {
    const t = this.terms;
    const square = this.mode | (sq << 8);
    const x = (square | before) << 2;
    const y = (square | after) << 2;
    t[j + T_MIDDLE] = t[i + T_MIDDLE] + SQ[y + S_MIDDLE] - SQ[x + S_MIDDLE];
    t[j + T_END] = t[i + T_END] + SQ[y + S_END] - SQ[x + S_END];
    t[j + T_PAWN_LO] = t[i + T_PAWN_LO] ^ SQ[y + S_PAWN_LO] ^ SQ[x + S_PAWN_LO];
    t[j + T_PAWN_HI] = t[i + T_PAWN_HI] ^ SQ[y + S_PAWN_HI] ^ SQ[x + S_PAWN_HI];
    t[j + T_MATERIAL] = t[i + T_MATERIAL] + C_MATERIAL[after] - C_MATERIAL[before];
    t[j + T_QUEENS] = t[i + T_QUEENS] + C_QUEENS[after] - C_QUEENS[before];
    t[j + T_MAJORS] = t[i + T_MAJORS] + C_MAJORS[after] - C_MAJORS[before];
    t[j + T_MINORS] = t[i + T_MINORS] + C_MINORS[after] - C_MINORS[before];
    t[j + T_BOXES] = t[i + T_BOXES] + C_BOXES[after] - C_BOXES[before];
    t[j + T_BALANCE] = t[i + T_BALANCE] + C_BALANCE[after] - C_BALANCE[before];
    t[j + T_STRONG] = t[i + T_STRONG] + C_STRONG[after] - C_STRONG[before];
    t[j + T_PHASE] = t[i + T_PHASE] + C_PHASE[after] - C_PHASE[before];
  }
}
