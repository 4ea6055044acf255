import { ATTACK, indexOf, PAWN_ATTACKS, pawnAttackSet, pieceAttacks, RAYS } from './bitboard.ts';
import { checkLine, mayAnswerCheck, mayExpose } from './check.ts';
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
  moveTo,
  QUIET,
  SACRIFICE,
} from './move.ts';
import {
  BISHOP,
  type Color,
  colorOf,
  isStrong,
  KING,
  KNIGHT,
  PAWN,
  type Piece,
  type PieceType,
  pieceOf,
  QUEEN,
  ROOK,
  typeOf,
} from './piece.ts';
import {
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
  BOX_LIMIT,
  FORWARD,
  type Position,
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
} from './position.ts';
import {
  bitOf,
  DIAGONALS,
  halfOf,
  KING_STEPS,
  KNIGHT_STEPS,
  lowestSquare,
  ORTHOGONALS,
  type Square,
} from './square.ts';

/** Room for every decision of any position (pseudo-legal moves included). */
export const MAX_MOVES = 512;

const PAWN_START_RANK = [1, 6];
const LAST_RANK = [7, 0];
/**
 * What a generator call wants: every pseudo-legal move, the tactical ones (captures, copies, en
 * passant, box attacks, promotions to a queen) or the rest (quiet moves, joins, castling,
 * under-promotions). TACTICAL and QUIET_ONLY split ALL exactly, so that a search can generate its
 * captures first and the quiet moves only when the captures did not end the node.
 */
const ALL = 0;
const TACTICAL = 1;
const QUIET_ONLY = 2;
type Mode = typeof ALL | typeof TACTICAL | typeof QUIET_ONLY;
/** Promotion types by mode. */
const PROMOTIONS: readonly (readonly PieceType[])[] = [
  [QUEEN, ROOK, BISHOP, KNIGHT],
  [QUEEN],
  [ROOK, BISHOP, KNIGHT],
];
const KING_START = [0x04, 0x74];
const KINGSIDE = [WHITE_KINGSIDE, BLACK_KINGSIDE];
const QUEENSIDE = [WHITE_QUEENSIDE, BLACK_QUEENSIDE];

/**
 * Fills `out` with the pseudo-legal moves of the side to move and returns their number:
 * every piece's moves by its normal movement plus the shared-box moves (join, copy, attacks).
 */
export function generatePseudo(pos: Position, out: Int32Array): number {
  return generate(pos, out, ALL);
}

/**
 * Fills `out` with the pseudo-legal moves that take material or promote, for a quiescence
 * search: captures (copies included), en passant, attacks on boxes, and promotions to a queen.
 */
export function generateCaptures(pos: Position, out: Int32Array): number {
  return generate(pos, out, TACTICAL);
}

/**
 * Fills `out` with the pseudo-legal moves that `generateCaptures` leaves out: quiet moves, joins,
 * castling and under-promotions (also those that capture).
 */
export function generateQuiets(pos: Position, out: Int32Array): number {
  return generate(pos, out, QUIET_ONLY);
}

const ONE_PIECE = new Int32Array(64);

/** Conditions (a) and (b) of docs/rules.md §2 and §3: may a move from a box (`inBox`) or not create a box? */
const mayCreate = (pos: Position, inBox: boolean): boolean =>
  !pos.standard && !inBox && pos.boxes < BOX_LIMIT;

/**
 * Whether `m` is one of the pseudo-legal moves of this position: for a move remembered from
 * another position (a search's hash move) before it is played, without generating every move.
 */
export function isPseudoLegal(pos: Position, m: Move): boolean {
  const from = moveFrom(m);
  const p = movePiece(m);
  if (pos.pendingSquare >= 0 || p === 0 || colorOf(p) !== pos.turn || from & 0x88) return false;
  const b = pos.second[from];
  if (pos.first[from] !== p && b !== p) return false;
  const type = typeOf(p);
  if (type === PAWN || type === KING) {
    const n = pieceMoves(pos, from, p, b !== 0, ALL, ONE_PIECE, 0);
    for (let i = 0; i < n; i++) if (ONE_PIECE[i] === m) return true;
    return false;
  }
  // A knight or a slider reaches exactly the squares it attacks, and does there what `landOn` says.
  const to = moveTo(m);
  const o = pos.occupied;
  pieceAttacks(type, indexOf(from), o[0] | o[2], o[1] | o[3]);
  if ((ATTACK[halfOf(to)] & bitOf(to)) === 0) return false;
  return landOn(pos, from, to, p, mayCreate(pos, b !== 0), ALL, ONE_PIECE, 0) === 1 && ONE_PIECE[0] === m;
}

function generate(pos: Position, out: Int32Array, mode: Mode): number {
  const a = pos.first;
  const b = pos.second;
  const us = pos.turn;
  let n = 0;
  if (mode === TACTICAL) idlePawns(pos, us);
  else IDLE[0] = IDLE[1] = 0;
  // The squares holding an own piece, lowest first: the order a board scan would give.
  for (let half = 0; half < 2; half++) {
    for (let w = pos.occupied[2 * us + half] & ~IDLE[half]; w !== 0; w &= w - 1) {
      const sq = lowestSquare(half, w);
      const x = a[sq];
      const y = b[sq];
      if (y === 0) n = pieceMoves(pos, sq, x, false, mode, out, n);
      else {
        // From a box each own piece may move; two of one type make one set of moves (docs/rules.md §4).
        if (colorOf(x) === us) n = pieceMoves(pos, sq, x, true, mode, out, n);
        if (colorOf(y) === us && y !== x) n = pieceMoves(pos, sq, y, true, mode, out, n);
      }
    }
  }
  return n;
}

/** The squares `generate` passes over: see `idlePawns`. */
const IDLE = new Int32Array(2);
/** Each colour's pawns that promote with their next step: white's on rank 7, black's on rank 2. */
const PROMOTING = Int32Array.of(0, 0xff0000, 0xff00, 0);

/**
 * Into IDLE: the lone pawns of `us` with no tactical move (nothing on the squares they attack, no
 * promotion ahead, no en passant square), found for all of them at once, so that
 * `generateCaptures` skips them unvisited.
 */
function idlePawns(pos: Position, us: Color): void {
  const p = pos.pieces;
  const pawn = pieceOf(us, PAWN) << 1;
  const o = pos.occupied;
  const them = (us ^ 1) << 1;
  // The squares from which a pawn of `us` attacks an enemy piece.
  pawnAttackSet(us ^ 1, o[them], o[them | 1]);
  const none = pos.epSquare >= 0 ? 0 : -1;
  // Entry 0 of `pieces`: the squares that are not boxes.
  IDLE[0] = p[pawn] & p[0] & ~(ATTACK[0] | PROMOTING[us << 1]) & none;
  IDLE[1] = p[pawn | 1] & p[1] & ~(ATTACK[1] | PROMOTING[(us << 1) | 1]) & none;
}

function pieceMoves(
  pos: Position,
  from: Square,
  p: Piece,
  inBox: boolean,
  mode: Mode,
  out: Int32Array,
  n: number,
): number {
  const type = typeOf(p);
  if (type === PAWN) return pawnMoves(pos, from, p, mode, out, n);
  if (mode === TACTICAL) return captures(pos, from, p, type, inBox, out, n);
  if (type === KING) return kingMoves(pos, from, p, mode, out, n);
  const canCreate = mayCreate(pos, inBox);
  const a = pos.first;
  if (type === KNIGHT) {
    for (let i = 0; i < 8; i++) {
      const t = from + KNIGHT_STEPS[i];
      if (!(t & 0x88)) n = landOn(pos, from, t, p, canCreate, mode, out, n);
    }
    return n;
  }
  if (type !== ROOK) {
    for (let i = 0; i < 4; i++) {
      const d = DIAGONALS[i];
      let t = from + d;
      for (; !(t & 0x88) && a[t] === 0; t += d) out[n++] = encodeMove(from, t, p, QUIET);
      if (!(t & 0x88)) n = landOn(pos, from, t, p, canCreate, mode, out, n);
    }
  }
  if (type !== BISHOP) {
    for (let i = 0; i < 4; i++) {
      const d = ORTHOGONALS[i];
      let t = from + d;
      for (; !(t & 0x88) && a[t] === 0; t += d) out[n++] = encodeMove(from, t, p, QUIET);
      if (!(t & 0x88)) n = landOn(pos, from, t, p, canCreate, mode, out, n);
    }
  }
  return n;
}

/**
 * The captures, copies and box attacks of a knight, bishop, rook, queen or king (`type`): the
 * squares holding an enemy piece among its attacks, in the order `pieceMoves` and `kingMoves` walk
 * the board (a leaper's steps and bits both go up; a slider meets one such square per ray at
 * most), so that a search sees them as before.
 */
function captures(
  pos: Position,
  from: Square,
  p: Piece,
  type: PieceType,
  inBox: boolean,
  out: Int32Array,
  n: number,
): number {
  const o = pos.occupied;
  const i = indexOf(from);
  pieceAttacks(type, i, o[0] | o[2], o[1] | o[3]);
  const them = (colorOf(p) ^ 1) << 1;
  const lo = ATTACK[0] & o[them];
  const hi = ATTACK[1] & o[them | 1];
  if ((lo | hi) === 0) return n;
  if (type === KING) return kingCaptures(pos, from, p, lo, hi, out, n);
  const canCreate = mayCreate(pos, inBox);
  if (type === KNIGHT) {
    for (let half = 0; half < 2; half++)
      for (let w = half ? hi : lo; w !== 0; w &= w - 1)
        n = landOn(pos, from, lowestSquare(half, w), p, canCreate, TACTICAL, out, n);
    return n;
  }
  const end = type === BISHOP ? 4 : 8;
  for (let k = type === ROOK ? 4 : 0; k < end; k++) {
    const r = ((i << 3) | k) << 1;
    const rayLo = lo & RAYS[r];
    const rayHi = hi & RAYS[r | 1];
    if (rayLo !== 0) n = landOn(pos, from, lowestSquare(0, rayLo), p, canCreate, TACTICAL, out, n);
    else if (rayHi !== 0) n = landOn(pos, from, lowestSquare(1, rayHi), p, canCreate, TACTICAL, out, n);
  }
  return n;
}

/** A strong piece reaching `to`: a quiet move, a join, a capture, a copy or a box attack. */
function landOn(
  pos: Position,
  from: Square,
  to: Square,
  p: Piece,
  canCreate: boolean,
  mode: Mode,
  out: Int32Array,
  n: number,
): number {
  const x = pos.first[to];
  if (x === 0) {
    if (mode !== TACTICAL) out[n++] = encodeMove(from, to, p, QUIET);
    return n;
  }
  const y = pos.second[to];
  const us = colorOf(p);
  if (y === 0) {
    if (colorOf(x) === us) {
      if (canCreate && mode !== TACTICAL && x === pieceOf(us, PAWN) && to >> 4 !== PAWN_START_RANK[us]) {
        out[n++] = encodeMove(from, to, p, JOIN);
      }
    } else if (typeOf(x) !== KING && mode !== QUIET_ONLY) {
      out[n++] = encodeMove(from, to, p, canCreate && isStrong(x) ? COPY : CAPTURE);
    }
  } else if (colorOf(x) !== us && colorOf(y) !== us && mode !== QUIET_ONLY) {
    out[n++] = encodeMove(from, to, p, typeOf(x) === PAWN ? ATTACK_PAWN_BOX : ATTACK_DOUBLE_BOX);
  }
  return n;
}

function kingMoves(pos: Position, from: Square, p: Piece, mode: Mode, out: Int32Array, n: number): number {
  const a = pos.first;
  const us = colorOf(p);
  for (let i = 0; i < 8; i++) {
    const t = from + KING_STEPS[i];
    if (t & 0x88) continue;
    const x = a[t];
    if (x === 0) out[n++] = encodeMove(from, t, p, QUIET);
    // A king never enters a box, and never attacks one.
    else if (mode !== QUIET_ONLY && pos.second[t] === 0 && colorOf(x) !== us && typeOf(x) !== KING)
      out[n++] = encodeMove(from, t, p, CAPTURE);
  }
  if (from !== KING_START[us] || !(pos.castling & (KINGSIDE[us] | QUEENSIDE[us]))) return n;
  const rook = pieceOf(us, ROOK);
  // The rook must stand alone on its corner; squares between must be empty (a box is not). That
  // the king is not in check and crosses no attacked square is left to `isLegalMove`.
  if (
    pos.castling & KINGSIDE[us] &&
    a[from + 3] === rook &&
    pos.second[from + 3] === 0 &&
    a[from + 1] === 0 &&
    a[from + 2] === 0
  ) {
    out[n++] = encodeMove(from, from + 2, p, CASTLE);
  }
  if (
    pos.castling & QUEENSIDE[us] &&
    a[from - 4] === rook &&
    pos.second[from - 4] === 0 &&
    a[from - 1] === 0 &&
    a[from - 2] === 0 &&
    a[from - 3] === 0
  ) {
    out[n++] = encodeMove(from, from - 2, p, CASTLE);
  }
  return n;
}

/**
 * A king's captures among the enemy squares it attacks (`lo`, `hi`): a king never enters a box
 * (entry 0 of `pieces` holds the squares that are not boxes), nor takes a king.
 */
function kingCaptures(
  pos: Position,
  from: Square,
  p: Piece,
  lo: number,
  hi: number,
  out: Int32Array,
  n: number,
): number {
  for (let half = 0; half < 2; half++)
    for (let w = half ? hi & pos.pieces[1] : lo & pos.pieces[0]; w !== 0; w &= w - 1) {
      const to = lowestSquare(half, w);
      if (typeOf(pos.first[to]) !== KING) out[n++] = encodeMove(from, to, p, CAPTURE);
    }
  return n;
}

/** Promotions go by `PROMOTIONS[mode]`, whether they capture or not. */
function pawnMoves(pos: Position, from: Square, p: Piece, mode: Mode, out: Int32Array, n: number): number {
  const a = pos.first;
  const b = pos.second;
  const us = colorOf(p);
  const fwd = FORWARD[us];
  const promotes = (from + fwd) >> 4 === LAST_RANK[us];
  // Most pawns have nothing to take: a bitboard test spares them the look at each square (the
  // lone ones `generateCaptures` has already passed over; this one answers for a pawn in a box).
  if (mode === TACTICAL && !promotes && pos.epSquare < 0) {
    const o = pos.occupied;
    const i = (us << 7) | (indexOf(from) << 1);
    const them = (us ^ 1) << 1;
    if (((PAWN_ATTACKS[i] & o[them]) | (PAWN_ATTACKS[i | 1] & o[them | 1])) === 0) return n;
  }
  const promotions = PROMOTIONS[mode];
  let t = from + fwd;
  if (a[t] === 0) {
    if (promotes) n = promote(from, t, p, QUIET, promotions, out, n);
    else if (mode !== TACTICAL) {
      out[n++] = encodeMove(from, t, p, QUIET);
      if (from >> 4 === PAWN_START_RANK[us] && a[t + fwd] === 0)
        out[n++] = encodeMove(from, t + fwd, p, DOUBLE_PUSH);
    }
  }
  for (let side = -1; side <= 1; side += 2) {
    t = from + fwd + side;
    if (t & 0x88) continue;
    const x = a[t];
    if (x === 0) {
      if (t === pos.epSquare && mode !== QUIET_ONLY) out[n++] = encodeMove(from, t, p, EN_PASSANT);
      continue;
    }
    const y = b[t];
    let kind = -1;
    if (y === 0) {
      if (colorOf(x) !== us && typeOf(x) !== KING) kind = CAPTURE;
    } else if (colorOf(x) !== us && colorOf(y) !== us) {
      kind = typeOf(x) === PAWN ? ATTACK_PAWN_BOX : ATTACK_DOUBLE_BOX;
    }
    if (kind < 0) continue;
    if (promotes) n = promote(from, t, p, kind, promotions, out, n);
    else if (mode !== QUIET_ONLY) out[n++] = encodeMove(from, t, p, kind);
  }
  return n;
}

function promote(
  from: Square,
  to: Square,
  p: Piece,
  kind: number,
  types: readonly PieceType[],
  out: Int32Array,
  n: number,
): number {
  for (const type of types) out[n++] = encodeMove(from, to, p, kind, type);
  return n;
}

/** The defender's options while a choice is pending: the distinct pieces of the attacked box. */
export function sacrificeOptions(pos: Position, out: Int32Array): number {
  const sq = pos.pendingSquare;
  const x = pos.first[sq];
  const y = pos.second[sq];
  out[0] = encodeMove(sq, sq, x, SACRIFICE);
  if (x === y) return 1;
  out[1] = encodeMove(sq, sq, y, SACRIFICE);
  return 2;
}

/**
 * Whether a pseudo-legal move (not castling) leaves the mover's king safe, played and tested;
 * after an attack on a double box, it must be safe after each sacrifice the defender may choose
 * (docs/rules.md §8).
 */
function keepsKingSafe(pos: Position, m: Move): boolean {
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  pos.play(m);
  let legal: boolean;
  if (moveKind(m) === ATTACK_DOUBLE_BOX) {
    const sq = pos.pendingSquare;
    const x = pos.first[sq];
    const y = pos.second[sq];
    pos.play(encodeMove(sq, sq, x, SACRIFICE));
    legal = !pos.isAttacked(pos.kings[us], them);
    pos.undo();
    if (legal && y !== x) {
      pos.play(encodeMove(sq, sq, y, SACRIFICE));
      legal = !pos.isAttacked(pos.kings[us], them);
      pos.undo();
    }
  } else legal = !pos.isAttacked(pos.kings[us], them);
  pos.undo();
  return legal;
}

/**
 * Whether a move from `generatePseudo` is legal, with the cheap answers first: a king steps onto
 * a square no enemy attacks, castling crosses none either; out of check, any other move can only expose the king by emptying
 * a square on a line between it and an enemy slider (leaving a box empties nothing). The rest is
 * played and tested. `inCheck` tells whether the side to move is in check.
 */
export function isLegalMove(pos: Position, m: Move, inCheck: boolean): boolean {
  const kind = moveKind(m);
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  const king = pos.kings[us];
  if (typeOf(movePiece(m)) === KING) {
    if (kind === CASTLE) {
      // Not out of check, nor across or onto an attacked square.
      const to = moveTo(m);
      return !inCheck && !pos.isAttacked((king + to) >> 1, them) && !pos.isAttacked(to, them);
    }
    // Lift the king so that sliders see through its square.
    return !pos.isAttacked(moveTo(m), them, king);
  }
  if (!inCheck && kind !== EN_PASSANT) {
    const from = moveFrom(m);
    if (pos.second[from] !== 0 || !mayExpose(pos, king, from, them)) return true;
  }
  return keepsKingSafe(pos, m);
}

/** Fills `out` with every legal decision (moves, or the defender's options) and returns the count. */
export function generateLegal(pos: Position, out: Int32Array): number {
  if (pos.pendingSquare >= 0) return sacrificeOptions(pos, out);
  const n = generatePseudo(pos, out);
  const check = pos.inCheck();
  const line = check ? checkLine(pos) : 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const m = out[i];
    if ((!check || mayAnswerCheck(pos, m, line)) && isLegalMove(pos, m, check)) out[j++] = m;
  }
  return j;
}

/** The legal decisions as a fresh array (convenient outside hot loops). */
export function legalMoves(pos: Position): Move[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, generateLegal(pos, buf)));
}
