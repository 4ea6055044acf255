import {
  type Move,
  movePiece,
  type PieceType,
  type Position,
  parseTypeName,
  sacrificeOptions,
  type TypeName,
  typeOf,
} from '@sbc/rules';

/** The values the computer gives the pieces when it must give one up (docs/rules.md §5). */
export const SACRIFICE_VALUE = [0, 1, 3, 3, 5, 9, 1000] as const;

/** Whether the computer gives up `a` rather than `b`: the lower value; the knight before the bishop. */
const sacrificedBefore = (a: PieceType | 0, b: PieceType | 0): boolean =>
  SACRIFICE_VALUE[a] < SACRIFICE_VALUE[b] || (SACRIFICE_VALUE[a] === SACRIFICE_VALUE[b] && a < b);

/** The computer's defender choice in a position waiting for it: instant, no search. */
export function defenderChoice(pos: Position): Move {
  const options = new Int32Array(2);
  const n = sacrificeOptions(pos, options);
  let best = options[0];
  for (let i = 1; i < n; i++) {
    if (sacrificedBefore(typeOf(movePiece(options[i])), typeOf(movePiece(best)))) best = options[i];
  }
  return best;
}

/** The same choice among the pieces a game state offers (`defendingSharedBox.options`). */
export function defenderChoiceOf(options: readonly TypeName[]): TypeName {
  let best = options[0];
  for (const o of options) if (sacrificedBefore(parseTypeName(o), parseTypeName(best))) best = o;
  return best;
}
