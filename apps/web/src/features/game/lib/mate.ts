import { explainMate, type MateSection, parseSbfen, squareName } from '@sbc/rules';

/** A checkmate as the screen shows it: the checking squares, the sentence of why, its rules section. */
export interface Mate {
  checkers: string[];
  text: string;
  section: MateSection;
}

/** Why the side to move is mated (`explainMate`, @sbc/rules), or null when the position is not mate. */
export function mateOf(state: { gameStatus: string; sbfen: string | null; standard: boolean }): Mate | null {
  if (state.gameStatus !== 'checkmate' || !state.sbfen) return null;
  const pos = parseSbfen(state.sbfen, state.standard);
  const mate = pos.ok ? explainMate(pos.value) : null;
  if (!mate?.ok) return null;
  const { checkers, text, section } = mate.value;
  return { checkers: checkers.map(squareName), text, section };
}
