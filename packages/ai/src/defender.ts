import { type Move, movePiece, type Position, SACRIFICE_VALUE, sacrificeOptions, typeOf } from '@sbc/rules';

/**
 * The computer's defender choice (RULES.md 9): give up the lower-valued piece, and between a
 * knight and a bishop (both 3) the knight. Instant: no search.
 */
export function defenderChoice(pos: Position): Move {
  const options = new Int32Array(2);
  const n = sacrificeOptions(pos, options);
  let best = options[0];
  for (let i = 1; i < n; i++) {
    const m = options[i];
    const t = typeOf(movePiece(m));
    const b = typeOf(movePiece(best));
    if (SACRIFICE_VALUE[t] < SACRIFICE_VALUE[b] || (SACRIFICE_VALUE[t] === SACRIFICE_VALUE[b] && t < b))
      best = m;
  }
  return best;
}
