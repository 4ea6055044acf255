import {
  type Color,
  legalMoves,
  type Move,
  moveKind,
  type Piece,
  Position,
  parseSbfen,
  SQUARES,
} from '@sbc/rules';

export function position(sbfen: string, standard = false): Position {
  const parsed = parseSbfen(sbfen, standard);
  if (!parsed.ok) throw new Error(`${sbfen}: ${parsed.error.message}`);
  return parsed.value;
}

/**
 * Brute force, independent of the engine: whether every answer of the side to move (the
 * defender choice included) loses to a mate within `n` more moves of the other side.
 */
export function allRepliesLose(pos: Position, n: number): boolean {
  const replies = legalMoves(pos);
  if (pos.pendingSquare >= 0) return replies.every((m) => after(pos, m, () => allRepliesLose(pos, n)));
  if (replies.length === 0) return pos.inCheck();
  if (n <= 1) return false;
  return replies.every((m) => after(pos, m, () => mates(pos, n - 1)));
}

/** Whether the side to move mates within `n` of its moves. */
export function mates(pos: Position, n: number): boolean {
  return legalMoves(pos).some((m) => after(pos, m, () => allRepliesLose(pos, n)));
}

export function after<T>(pos: Position, m: Move, f: () => T): T {
  pos.play(m);
  try {
    return f();
  } finally {
    pos.undo();
  }
}

/**
 * `pos` with the colours swapped and the board turned over (rank 1 becomes rank 8): the same
 * position from the other side, one ply later in the game so that the side to move has played
 * as many plies as the other did.
 */
export function mirror(pos: Position): Position {
  const turned = new Position(pos.standard);
  const swap = (p: number): Piece => (p === 0 ? 0 : ((p ^ 8) as Piece));
  for (const sq of SQUARES) {
    if (pos.first[sq] !== 0) turned.place(sq ^ 0x70, swap(pos.first[sq]), swap(pos.second[sq]));
  }
  turned.turn = (pos.turn ^ 1) as Color;
  turned.castling = ((pos.castling & 3) << 2) | (pos.castling >> 2);
  turned.epSquare = pos.epSquare < 0 ? -1 : pos.epSquare ^ 0x70;
  turned.halfmove = pos.halfmove;
  turned.fullmove = pos.fullmove + pos.turn;
  turned.rehash();
  return turned;
}

/**
 * Plays a random legal move of `pos`, half the time one of its boxes, copies, captures or box
 * attacks when it has any, so that random games meet the variant's rules often; false when
 * there is no move.
 */
export function playSharp(pos: Position, random: () => number): boolean {
  const moves = legalMoves(pos);
  if (moves.length === 0) return false;
  const sharp = moves.filter((m) => moveKind(m) >= 2);
  const pool = sharp.length > 0 && random() < 0.5 ? sharp : moves;
  pos.play(pool[Math.floor(random() * pool.length)]);
  return true;
}
