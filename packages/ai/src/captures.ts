import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  BISHOP,
  CAPTURE,
  COPY,
  DIAGONALS,
  EN_PASSANT,
  encodeMove,
  FORWARD,
  KING,
  KING_STEPS,
  KNIGHT,
  KNIGHT_STEPS,
  ORTHOGONALS,
  PAWN,
  type Position,
  QUEEN,
  QUIET,
  ROOK,
} from '@sbc/rules';

/**
 * The moves quiescence looks at, generated directly: every capture of a lone piece (copies
 * included), en passant, attacks on enemy pawn boxes and double boxes, and promotions to a queen
 * (quiet or capturing), all pseudo-legal. A test checks that this is exactly the matching subset
 * of the rules package's `generatePseudo`, which would otherwise be generated in full at every
 * quiescence node only to throw most of it away.
 */
export function generateCaptures(pos: Position, out: Int32Array): number {
  const a = pos.first;
  const b = pos.second;
  const us = pos.turn;
  let n = 0;
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) {
      sq += 7;
      continue;
    }
    const x = a[sq];
    if (x === 0) continue;
    const y = b[sq];
    if (x >> 3 === us) n = pieceCaptures(pos, sq, x, y !== 0, out, n);
    if (y !== 0 && y >> 3 === us && y !== x) n = pieceCaptures(pos, sq, y, true, out, n);
  }
  return n;
}

function pieceCaptures(
  pos: Position,
  from: number,
  p: number,
  inBox: boolean,
  out: Int32Array,
  n: number,
): number {
  const type = p & 7;
  if (type === PAWN) return pawnCaptures(pos, from, p, out, n);
  const a = pos.first;
  if (type === KING) {
    for (let i = 0; i < 8; i++) {
      const t = from + KING_STEPS[i];
      if (t & 0x88) continue;
      const x = a[t];
      // A king never attacks a box.
      if (x !== 0 && pos.second[t] === 0 && x >> 3 !== p >> 3 && (x & 7) !== KING)
        out[n++] = encodeMove(from, t, p, CAPTURE);
    }
    return n;
  }
  const canCreate = !pos.standard && !inBox && pos.boxes < 3;
  if (type === KNIGHT) {
    for (let i = 0; i < 8; i++) {
      const t = from + KNIGHT_STEPS[i];
      if (!(t & 0x88) && a[t] !== 0) n = take(pos, from, t, p, canCreate, out, n);
    }
    return n;
  }
  if (type !== ROOK) {
    for (let i = 0; i < 4; i++) {
      const d = DIAGONALS[i];
      let t = from + d;
      while (!(t & 0x88) && a[t] === 0) t += d;
      if (!(t & 0x88)) n = take(pos, from, t, p, canCreate, out, n);
    }
  }
  if (type !== BISHOP) {
    for (let i = 0; i < 4; i++) {
      const d = ORTHOGONALS[i];
      let t = from + d;
      while (!(t & 0x88) && a[t] === 0) t += d;
      if (!(t & 0x88)) n = take(pos, from, t, p, canCreate, out, n);
    }
  }
  return n;
}

/** A strong piece meeting the occupied square `to`: capture or copy a lone enemy, or attack a box. */
function take(
  pos: Position,
  from: number,
  to: number,
  p: number,
  canCreate: boolean,
  out: Int32Array,
  n: number,
): number {
  const x = pos.first[to];
  const y = pos.second[to];
  const us = p >> 3;
  if (y === 0) {
    if (x >> 3 === us || (x & 7) === KING) return n;
    const strong = (x & 7) >= KNIGHT && (x & 7) <= QUEEN;
    out[n++] = encodeMove(from, to, p, canCreate && strong ? COPY : CAPTURE);
  } else if (x >> 3 !== us && y >> 3 !== us) {
    out[n++] = encodeMove(from, to, p, (x & 7) === PAWN ? ATTACK_PAWN_BOX : ATTACK_DOUBLE_BOX);
  }
  return n;
}

function pawnCaptures(pos: Position, from: number, p: number, out: Int32Array, n: number): number {
  const a = pos.first;
  const us = p >> 3;
  const fwd = FORWARD[us];
  const promotes = (from + fwd) >> 4 === (us === 0 ? 7 : 0);
  const queen = promotes ? QUEEN : 0;
  if (promotes && a[from + fwd] === 0) out[n++] = encodeMove(from, from + fwd, p, QUIET, QUEEN);
  for (let side = -1; side <= 1; side += 2) {
    const t = from + fwd + side;
    if (t & 0x88) continue;
    const x = a[t];
    if (x === 0) {
      if (t === pos.epSquare) out[n++] = encodeMove(from, t, p, EN_PASSANT);
      continue;
    }
    const y = pos.second[t];
    if (y === 0) {
      if (x >> 3 !== us && (x & 7) !== KING) out[n++] = encodeMove(from, t, p, CAPTURE, queen);
    } else if (x >> 3 !== us && y >> 3 !== us) {
      out[n++] = encodeMove(from, t, p, (x & 7) === PAWN ? ATTACK_PAWN_BOX : ATTACK_DOUBLE_BOX, queen);
    }
  }
  return n;
}
