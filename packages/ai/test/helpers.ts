import { legalMoves, type Move, type Position, parseSbfen } from '@sbc/rules';

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
