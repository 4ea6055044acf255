import {
  ATTACK,
  BISHOP_LINES,
  bishopAttacks,
  indexOf,
  KING_ATTACKS,
  KNIGHT_ATTACKS,
  PAWN_ATTACKS,
  ROOK_LINES,
  rookAttacks,
} from './bitboard.ts';
import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  CAPTURE,
  CASTLE,
  COPY,
  DOUBLE_PUSH,
  EN_PASSANT,
  encodeMove,
  JOIN,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveTo,
  NULL_MOVE,
  SACRIFICE,
} from './move.ts';
import {
  BISHOP,
  BLACK,
  type Color,
  colorOf,
  KING,
  KNIGHT,
  PAWN,
  type Piece,
  pieceOf,
  QUEEN,
  ROOK,
  typeOf,
  WHITE,
} from './piece.ts';
import { bitOf, halfOf, type Square } from './square.ts';
import {
  Z_CASTLING_HI,
  Z_CASTLING_LO,
  Z_EP_HI,
  Z_EP_LO,
  Z_PENDING_HI,
  Z_PENDING_LO,
  Z_SQUARE,
  Z_TURN_HI,
  Z_TURN_LO,
} from './zobrist.ts';

/** The most boxes that may stand on the board at once (docs/rules.md §3). */
export const BOX_LIMIT = 3;

/** Castling-right bits. */
export const WHITE_KINGSIDE = 1;
export const WHITE_QUEENSIDE = 2;
export const BLACK_KINGSIDE = 4;
export const BLACK_QUEENSIDE = 8;

/** The right a rook's corner carries (h1, a1, h8, a8), 0 elsewhere. */
const CORNER_RIGHT = new Int8Array(128);
CORNER_RIGHT[0x07] = WHITE_KINGSIDE;
CORNER_RIGHT[0x00] = WHITE_QUEENSIDE;
CORNER_RIGHT[0x77] = BLACK_KINGSIDE;
CORNER_RIGHT[0x70] = BLACK_QUEENSIDE;
const KING_RIGHTS = [WHITE_KINGSIDE | WHITE_QUEENSIDE, BLACK_KINGSIDE | BLACK_QUEENSIDE];

/** Pawn step forward for each colour. */
export const FORWARD = [16, -16] as const;

/** Orders two pieces as SBFEN writes a box: white first, then P, N, B, R, Q. */
const pair = (x: Piece, y: Piece): number => (x <= y ? (x << 4) | y : (y << 4) | x);

/** Right lost when `piece` leaves or is taken on `sq`: only a rook on its own corner carries one. */
function cornerRight(piece: Piece, sq: Square): number {
  if (typeOf(piece) !== ROOK) return 0;
  return sq >> 4 === (colorOf(piece) === WHITE ? 0 : 7) ? CORNER_RIGHT[sq] : 0;
}

// The undo record, one per ply, in a flat Int32Array.
const U_MOVE = 0;
const U_FROM = 1;
const U_TO = 2;
const U_CASTLING = 3;
const U_EP = 4;
const U_HALFMOVE = 5;
const U_FULLMOVE = 6;
const U_BOXES = 7;
const U_PENDING_SQ = 8;
const U_PENDING_PIECE = 9;
const U_HASH_LO = 10;
const U_HASH_HI = 11;
const U_EP_KEYED = 12;
/** The four words of `occupied`. */
const U_OCCUPIED = 13;
const STRIDE = 17;

/** OWNERS[content]: bit 0 when a white piece is in it, bit 1 when a black one is. */
const OWNERS = new Uint8Array(256);
for (let c = 1; c < 256; c++) {
  for (const p of [c >> 4, c & 15]) if (p !== 0) OWNERS[c] |= 1 << (p >> 3);
}

/**
 * A position of Shared Box Chess, changed in place by `play` and restored by `undo`.
 *
 * Each square has two slots: `first` and `second` (0 when the square holds one piece or none).
 * A box is kept in canonical order (`first <= second`), which is also how SBFEN writes it.
 * After an attack on a double box the position waits for the defender: `pendingSquare` is the box,
 * `pendingPiece` the attacker (already promoted), which has left its square but not yet landed.
 */
export class Position {
  readonly first = new Int8Array(128);
  readonly second = new Int8Array(128);
  readonly kings = new Int16Array(2);
  /**
   * The squares holding a piece of each colour, as two words each (white's low and high half,
   * then black's; see `SQUARE_OF_BIT`): generators and the evaluation visit these squares only
   * instead of scanning the board. A mixed box is in both.
   */
  readonly occupied = new Int32Array(4);
  /**
   * The squares holding each piece (in either slot): `pieces[piece * 2 + half]`, for attack
   * queries by bitboard. `put` clears a square's old pieces before it sets the new ones, so entry
   * 0 (no piece) holds the squares with an empty slot: all but the boxes.
   */
  readonly pieces = new Int32Array(32);
  turn: Color = WHITE;
  castling = 0;
  /** The en passant square as FEN writes it (after every double step), or -1. */
  epSquare = -1;
  halfmove = 0;
  fullmove = 1;
  boxes = 0;
  pendingSquare = -1;
  pendingPiece: Piece = 0;
  hashLo = 0;
  hashHi = 0;
  /** The file whose en passant key is in the hash (a legal en passant capture exists), or -1. */
  private epKeyed = -1;
  private stack = new Int32Array(STRIDE * 256);
  private sp = 0;

  /** Standard mode: the shared-box rules are off and this is ordinary chess. */
  constructor(readonly standard = false) {}

  /** Number of plies played since setup that can be undone. */
  get ply(): number {
    return this.sp;
  }

  isBox(sq: Square): boolean {
    return this.second[sq] !== 0;
  }

  /** Places pieces directly, for setup; call `rehash` when done. */
  place(sq: Square, x: Piece, y: Piece = 0): void {
    const c = y === 0 ? x << 4 : pair(x, y);
    this.first[sq] = c >> 4;
    this.second[sq] = c & 15;
  }

  /** Recomputes the derived fields (kings, box count, occupancy, hash) from scratch after setup. */
  rehash(): void {
    this.hashLo = this.hashHi = 0;
    this.boxes = 0;
    this.occupied.fill(0);
    this.pieces.fill(0);
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88) continue;
      const c = (this.first[sq] << 4) | this.second[sq];
      this.mark(sq, 0, c, true);
      this.hashLo ^= Z_SQUARE[(sq * 256 + c) * 2];
      this.hashHi ^= Z_SQUARE[(sq * 256 + c) * 2 + 1];
      if (this.second[sq]) this.boxes++;
      if (typeOf(this.first[sq]) === KING) this.kings[colorOf(this.first[sq])] = sq;
    }
    if (this.turn === BLACK) {
      this.hashLo ^= Z_TURN_LO;
      this.hashHi ^= Z_TURN_HI;
    }
    this.hashLo ^= Z_CASTLING_LO[this.castling];
    this.hashHi ^= Z_CASTLING_HI[this.castling];
    if (this.pendingSquare >= 0) {
      this.hashLo ^= Z_PENDING_LO[this.pendingSquare * 16 + this.pendingPiece];
      this.hashHi ^= Z_PENDING_HI[this.pendingSquare * 16 + this.pendingPiece];
    }
    this.epKeyed = -1;
    this.keyEnPassant();
  }

  /** Sets a square's content (canonical `first << 4 | second`), keeping the hash. */
  private put(sq: Square, content: number): void {
    const old = (this.first[sq] << 4) | this.second[sq];
    const x = ((sq << 8) | old) << 1;
    const y = ((sq << 8) | content) << 1;
    this.hashLo ^= Z_SQUARE[x] ^ Z_SQUARE[y];
    this.hashHi ^= Z_SQUARE[x | 1] ^ Z_SQUARE[y | 1];
    this.first[sq] = content >> 4;
    this.second[sq] = content & 15;
    this.mark(sq, old, content, true);
  }

  /** Sets a square's content and its bits in `pieces` (`undo` restores `occupied` as saved). */
  private restore(sq: Square, content: number): void {
    this.mark(sq, (this.first[sq] << 4) | this.second[sq], content, false);
    this.first[sq] = content >> 4;
    this.second[sq] = content & 15;
  }

  /**
   * Moves a square's bits in `pieces` from the pieces of `old` to those of `content`, and with
   * `occupy` sets its bits in `occupied` to the owners of `content`.
   */
  private mark(sq: Square, old: number, content: number, occupy: boolean): void {
    const p = this.pieces;
    const h = halfOf(sq);
    const bit = bitOf(sq);
    const clear = ~bit;
    p[((old >> 4) << 1) | h] &= clear;
    p[((old & 15) << 1) | h] &= clear;
    p[((content >> 4) << 1) | h] |= bit;
    p[((content & 15) << 1) | h] |= bit;
    if (!occupy) return;
    const o = this.occupied;
    const owners = OWNERS[content];
    o[h] = owners & 1 ? o[h] | bit : o[h] & clear;
    o[2 + h] = owners & 2 ? o[2 + h] | bit : o[2 + h] & clear;
  }

  private setCastling(rights: number): void {
    this.hashLo ^= Z_CASTLING_LO[this.castling] ^ Z_CASTLING_LO[rights];
    this.hashHi ^= Z_CASTLING_HI[this.castling] ^ Z_CASTLING_HI[rights];
    this.castling = rights;
  }

  /**
   * Whether a piece of colour `by` attacks `sq`; both pieces of a box attack. Sliders see through
   * `lifted` (a king testing the squares it may step to must not shield them from a slider).
   */
  isAttacked(sq: Square, by: Color, lifted: Square = -1): boolean {
    const p = this.pieces;
    const i = indexOf(sq) << 1;
    const c = by << 4;
    // A pawn of `by` attacks `sq` from where a pawn of the other colour on `sq` would attack.
    const pawns = ((by ^ 1) << 7) | i;
    if ((PAWN_ATTACKS[pawns] & p[c | (PAWN << 1)]) | (PAWN_ATTACKS[pawns | 1] & p[c | (PAWN << 1) | 1]))
      return true;
    const knight = c | (KNIGHT << 1);
    if ((KNIGHT_ATTACKS[i] & p[knight]) | (KNIGHT_ATTACKS[i | 1] & p[knight | 1])) return true;
    const king = c | (KING << 1);
    if ((KING_ATTACKS[i] & p[king]) | (KING_ATTACKS[i | 1] & p[king | 1])) return true;
    const o = this.occupied;
    let occLo = o[0] | o[2];
    let occHi = o[1] | o[3];
    if (lifted >= 0) {
      if (halfOf(lifted) === 0) occLo &= ~bitOf(lifted);
      else occHi &= ~bitOf(lifted);
    }
    const queen = c | (QUEEN << 1);
    const rook = c | (ROOK << 1);
    let lo = p[rook] | p[queen];
    let hi = p[rook | 1] | p[queen | 1];
    // The lines first: most of the time no slider stands on them at all.
    if ((ROOK_LINES[i] & lo) | (ROOK_LINES[i | 1] & hi)) {
      rookAttacks(i >> 1, occLo, occHi);
      if ((ATTACK[0] & lo) | (ATTACK[1] & hi)) return true;
    }
    const bishop = c | (BISHOP << 1);
    lo = p[bishop] | p[queen];
    hi = p[bishop | 1] | p[queen | 1];
    if ((BISHOP_LINES[i] & lo) | (BISHOP_LINES[i | 1] & hi)) {
      bishopAttacks(i >> 1, occLo, occHi);
      if ((ATTACK[0] & lo) | (ATTACK[1] & hi)) return true;
    }
    return false;
  }

  /** Whether the side to move (the defender, while a choice is pending) is in check. */
  inCheck(): boolean {
    return this.isAttacked(this.kings[this.turn], (this.turn ^ 1) as Color);
  }

  /** Plays a move or a defender choice. The move must come from this position's generator. */
  play(m: Move): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    const a = this.first;
    const b = this.second;
    this.save(m, from, to);
    const kind = moveKind(m);
    const piece = movePiece(m);
    if (kind === SACRIFICE) {
      this.playSacrifice(to, piece);
      return;
    }

    const us = this.turn;
    this.unkeyEnPassant();

    // Leave the source: a box leaves its other piece behind, alone.
    if (b[from] === 0) this.put(from, 0);
    else {
      this.put(from, (a[from] === piece ? b[from] : a[from]) << 4);
      this.boxes--;
    }

    const promotion = movePromotion(m);
    const moved = promotion ? pieceOf(us, promotion) : piece;
    const target = a[to];
    let rights = this.castling;
    if (typeOf(piece) === KING) {
      rights &= ~KING_RIGHTS[us];
      this.kings[us] = to;
    } else rights &= ~cornerRight(piece, from);

    switch (kind) {
      case JOIN:
        this.put(to, pair(target, moved));
        this.boxes++;
        break;
      case COPY:
        this.put(to, pair(moved, pieceOf(us, typeOf(target))));
        this.boxes++;
        rights &= ~cornerRight(target, to);
        break;
      case ATTACK_PAWN_BOX:
        // The pawn (first, by canonical order) is taken; the strong piece stays with the attacker.
        this.put(to, pair(moved, b[to]));
        break;
      case ATTACK_DOUBLE_BOX:
        this.pendingSquare = to;
        this.pendingPiece = moved;
        this.hashLo ^= Z_PENDING_LO[to * 16 + moved];
        this.hashHi ^= Z_PENDING_HI[to * 16 + moved];
        break;
      case EN_PASSANT:
        this.put(to, moved << 4);
        this.put(to - FORWARD[us], 0);
        break;
      case CASTLE: {
        this.put(to, moved << 4);
        const rookFrom = to > from ? from + 3 : from - 4;
        this.put((from + to) >> 1, a[rookFrom] << 4);
        this.put(rookFrom, 0);
        break;
      }
      default:
        // QUIET, DOUBLE_PUSH, CAPTURE
        if (kind === CAPTURE) rights &= ~cornerRight(target, to);
        this.put(to, moved << 4);
    }
    if (rights !== this.castling) this.setCastling(rights);

    // Any capture resets the clock, box attacks and copies included; joining an own pawn does not.
    const capture = (target !== 0 && kind !== JOIN) || kind === EN_PASSANT;
    this.halfmove = typeOf(piece) === PAWN || capture ? 0 : this.halfmove + 1;
    if (us === BLACK && kind !== ATTACK_DOUBLE_BOX) this.fullmove++;
    this.epSquare = kind === DOUBLE_PUSH ? from + FORWARD[us] : -1;
    this.turn = (us ^ 1) as Color;
    this.hashLo ^= Z_TURN_LO;
    this.hashHi ^= Z_TURN_HI;
    if (kind === DOUBLE_PUSH) this.keyEnPassant();
  }

  /**
   * Passes the turn: a null move, for a search's null-move pruning; `undo` takes it back. Not
   * while a defender choice is pending.
   */
  playNull(): void {
    this.save(NULL_MOVE, 0, 0);
    this.unkeyEnPassant();
    this.epSquare = -1;
    this.turn = (this.turn ^ 1) as Color;
    this.hashLo ^= Z_TURN_LO;
    this.hashHi ^= Z_TURN_HI;
  }

  /** Pushes the undo record of a move from `from` to `to`. */
  private save(m: Move, from: Square, to: Square): void {
    if (this.sp * STRIDE >= this.stack.length) {
      const grown = new Int32Array(this.stack.length * 2);
      grown.set(this.stack);
      this.stack = grown;
    }
    const s = this.stack;
    const r = this.sp++ * STRIDE;
    s[r + U_MOVE] = m;
    s[r + U_FROM] = (this.first[from] << 4) | this.second[from];
    s[r + U_TO] = (this.first[to] << 4) | this.second[to];
    s[r + U_CASTLING] = this.castling;
    s[r + U_EP] = this.epSquare;
    s[r + U_HALFMOVE] = this.halfmove;
    s[r + U_FULLMOVE] = this.fullmove;
    s[r + U_BOXES] = this.boxes;
    s[r + U_PENDING_SQ] = this.pendingSquare;
    s[r + U_PENDING_PIECE] = this.pendingPiece;
    s[r + U_HASH_LO] = this.hashLo;
    s[r + U_HASH_HI] = this.hashHi;
    s[r + U_EP_KEYED] = this.epKeyed;
    const o = this.occupied;
    s[r + U_OCCUPIED] = o[0];
    s[r + U_OCCUPIED + 1] = o[1];
    s[r + U_OCCUPIED + 2] = o[2];
    s[r + U_OCCUPIED + 3] = o[3];
  }

  private unkeyEnPassant(): void {
    if (this.epKeyed < 0) return;
    this.hashLo ^= Z_EP_LO[this.epKeyed];
    this.hashHi ^= Z_EP_HI[this.epKeyed];
    this.epKeyed = -1;
  }

  private playSacrifice(sq: Square, sacrificed: Piece): void {
    const a = this.first;
    const survivor = a[sq] === sacrificed ? this.second[sq] : a[sq];
    const attacker = this.pendingPiece;
    this.put(sq, pair(attacker, survivor));
    this.hashLo ^= Z_PENDING_LO[sq * 16 + attacker];
    this.hashHi ^= Z_PENDING_HI[sq * 16 + attacker];
    this.pendingSquare = -1;
    this.pendingPiece = 0;
    const right = cornerRight(sacrificed, sq);
    if (this.castling & right) this.setCastling(this.castling & ~right);
    // The attacker's move is complete only now.
    if (this.turn === WHITE) this.fullmove++;
  }

  /** Takes back the last `play`. */
  undo(): void {
    const s = this.stack;
    const r = --this.sp * STRIDE;
    const m = s[r + U_MOVE];
    const from = moveFrom(m);
    const to = moveTo(m);
    const kind = moveKind(m);
    this.restore(to, s[r + U_TO]);
    if (m === NULL_MOVE) this.turn = (this.turn ^ 1) as Color;
    else if (kind !== SACRIFICE) {
      this.restore(from, s[r + U_FROM]);
      const piece = movePiece(m);
      const us = colorOf(piece);
      this.turn = us;
      if (typeOf(piece) === KING) {
        this.kings[us] = from;
        if (kind === CASTLE) {
          const rookFrom = to > from ? from + 3 : from - 4;
          const rookTo = (from + to) >> 1;
          this.restore(rookFrom, this.first[rookTo] << 4);
          this.restore(rookTo, 0);
        }
      } else if (kind === EN_PASSANT) {
        this.restore(to - FORWARD[us], pieceOf((us ^ 1) as Color, PAWN) << 4);
      }
    }
    this.castling = s[r + U_CASTLING];
    this.epSquare = s[r + U_EP];
    this.halfmove = s[r + U_HALFMOVE];
    this.fullmove = s[r + U_FULLMOVE];
    this.boxes = s[r + U_BOXES];
    this.pendingSquare = s[r + U_PENDING_SQ];
    this.pendingPiece = s[r + U_PENDING_PIECE];
    this.hashLo = s[r + U_HASH_LO];
    this.hashHi = s[r + U_HASH_HI];
    this.epKeyed = s[r + U_EP_KEYED];
    const o = this.occupied;
    o[0] = s[r + U_OCCUPIED];
    o[1] = s[r + U_OCCUPIED + 1];
    o[2] = s[r + U_OCCUPIED + 2];
    o[3] = s[r + U_OCCUPIED + 3];
  }

  /**
   * How many earlier positions in this line equal the current one. Only positions since the
   * last capture or pawn move can: at most `halfmove` moves plus the defender choice after it.
   */
  repetitions(): number {
    let count = 0;
    const s = this.stack;
    const stop = Math.max(0, this.sp - this.halfmove - 2);
    for (let i = this.sp - 1; i >= stop; i--) {
      const r = i * STRIDE;
      if (s[r + U_HASH_LO] === this.hashLo && s[r + U_HASH_HI] === this.hashHi) count++;
    }
    return count;
  }

  /** The last move played, or 0. */
  lastMove(): Move {
    return this.sp > 0 ? this.stack[(this.sp - 1) * STRIDE + U_MOVE] : 0;
  }

  /**
   * Keys the en passant file into the hash when a capture there is legal, so that two positions
   * differing only in an unusable en passant square count as the same for repetition.
   */
  private keyEnPassant(): void {
    const ep = this.epSquare;
    if (ep < 0 || this.pendingSquare >= 0) return;
    const us = this.turn;
    const pawn = pieceOf(us, PAWN);
    const a = this.first;
    const b = this.second;
    for (let side = -1; side <= 1; side += 2) {
      const from = ep - FORWARD[us] + side;
      if (from & 0x88 || (a[from] !== pawn && b[from] !== pawn)) continue;
      this.play(encodeMove(from, ep, pawn, EN_PASSANT));
      const legal = !this.isAttacked(this.kings[us], (us ^ 1) as Color);
      this.undo();
      if (legal) {
        this.epKeyed = ep & 7;
        this.hashLo ^= Z_EP_LO[this.epKeyed];
        this.hashHi ^= Z_EP_HI[this.epKeyed];
        return;
      }
    }
  }

  /** An independent copy with the same state and no undo history. */
  clone(): Position {
    const p = new Position(this.standard);
    p.first.set(this.first);
    p.second.set(this.second);
    p.kings.set(this.kings);
    p.occupied.set(this.occupied);
    p.pieces.set(this.pieces);
    p.turn = this.turn;
    p.castling = this.castling;
    p.epSquare = this.epSquare;
    p.halfmove = this.halfmove;
    p.fullmove = this.fullmove;
    p.boxes = this.boxes;
    p.pendingSquare = this.pendingSquare;
    p.pendingPiece = this.pendingPiece;
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    p.epKeyed = this.epKeyed;
    return p;
  }
}
