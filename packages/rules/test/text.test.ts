/** Move text (docs/rules.md, appendix "SBFEN and move text") from a position; `@sbc/game` reads it. */
import { describe, expect, it } from 'vitest';
import { CASTLE, moveKind, SACRIFICE } from '../src/move.ts';
import { legalMoves } from '../src/movegen.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import { moveText } from '../src/text.ts';
import { legal, play, position } from './helpers.ts';

describe('writing move text', () => {
  it('writes plain moves, promotions and castling like UCI', () => {
    expect(legal(position(START_SBFEN))).toContain('e2e4');
    const promo = legal(position('k7/4P3/8/8/8/8/8/4K3 w - - 0 1'));
    expect(promo.filter((t) => t.startsWith('e7'))).toEqual(['e7e8b', 'e7e8n', 'e7e8q', 'e7e8r']);
    const castle = position('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const texts = legalMoves(castle)
      .filter((m) => moveKind(m) === CASTLE)
      .map((m) => moveText(castle, m));
    expect(texts.sort()).toEqual(['e1c1', 'e1g1']);
  });

  it('puts the piece letter first when the square holds two pieces of the mover’s colour', () => {
    const pawnBox = legal(position('k7/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1'));
    expect(pawnBox).toContain('Pd3d4');
    expect(pawnBox).toContain('Qd3d4');
    expect(pawnBox).toContain('e1d2');
    expect(pawnBox.filter((t) => t.includes('d3')).every((t) => /^[PQ]d3/.test(t))).toBe(true);
    // Also when both are of one type: one move, still with its letter.
    expect(legal(position('k7/8/8/8/8/8/8/(NN)3K3 w - - 0 1'))).toContain('Na1b3');
    // A pawn in a box promoting.
    expect(legal(position('k7/4(PN)3/8/8/8/8/8/4K3 w - - 0 1'))).toContain('Pe7e8q');
  });

  it('writes no letter from a mixed box, for either side', () => {
    expect(legal(position('k7/8/8/8/8/3(Nr)4/8/4K3 w - - 0 1'))).toContain('d3b4');
    expect(legal(position('k7/8/8/8/8/3(Nr)4/8/4K3 b - - 0 1'))).toContain('d3d8');
  });

  it('writes a defender choice as sac= and the sacrificed type', () => {
    const pos = play(position('k7/8/8/3(nr)4/8/8/8/3QK3 w - - 0 1'), 'd1d5');
    const options = legalMoves(pos);
    expect(options.every((m) => moveKind(m) === SACRIFICE)).toBe(true);
    expect(options.map((m) => moveText(pos, m)).sort()).toEqual(['sac=N', 'sac=R']);
  });
});
