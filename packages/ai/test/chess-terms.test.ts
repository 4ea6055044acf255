import { BISHOP, KNIGHT, QUEEN, ROOK, START_SBFEN } from '@sbc/rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHESS_TERMS,
  chessTerms,
  endgameMobility,
  passerPaths,
  safeChecks,
  threats,
} from '../src/chess-terms.ts';
import { activity, evaluate, useWeights } from '../src/evaluate.ts';
import { pawnStructure } from '../src/pawns.ts';
import { copyWeights } from '../src/tune/texel.ts';
import { WEIGHTS } from '../src/weights.ts';
import { position } from './helpers.ts';

const terms = (sbfen: string): number[] => {
  chessTerms(position(sbfen, true));
  return Array.from(CHESS_TERMS);
};
/** `threats` after the mobility pass that records the pieces' attacks. */
const threatTerms = (sbfen: string): number[] => {
  const pos = position(sbfen, true);
  activity(pos, true);
  threats(pos);
  return Array.from(CHESS_TERMS);
};
/** `safeChecks` after the passes it reads. */
const checks = (sbfen: string): number => {
  const pos = position(sbfen, true);
  activity(pos, true);
  threats(pos);
  return safeChecks(pos);
};
/** `endgameMobility` after the mobility pass. */
const endgameShare = (sbfen: string): number => {
  activity(position(sbfen, true), true);
  return endgameMobility();
};
/**
 * Distinct, nonzero values in place of the tuned ones (which may be 0 or equal to each other), so
 * that each expected sum holds only when the terms it names are the ones counted.
 */
const TEST_WEIGHTS = {
  ...copyWeights(WEIGHTS.chess),
  bishopPair: [31, 53],
  pawnThreat: [57, 43],
  rookFile: [23, 11, 17, 7],
  threatByMinor: [29, 19, 37, 27, 47, 61, 41, 83],
  threatByRook: [13, 101, 71, 89, 59, 79, 67, 97],
  hanging: [103, 107],
  tempo: 5,
  connectedPawn: [0, 109, 113, 127, 131, 137, 139, 0],
  supportedPawn: 149,
  backwardPawn: [-151, -157],
  outpost: [163, 167, 173, 179],
  rookSeventh: [181, 191],
  mobilityEnd: [0, 0, 11, 13, 17, 19, 0],
  safeCheck: [0, 0, 193, 197, 199, 211, 0],
  passerPath: [223, 227, 229, 233, 239, 241],
};
const { bishopPair, pawnThreat, rookFile, tempo, threatByMinor, threatByRook, hanging } = TEST_WEIGHTS;
const { connectedPawn, supportedPawn, backwardPawn, outpost, rookSeventh } = TEST_WEIGHTS;
const { mobility, mobilityEnd, safeCheck, passerPath } = TEST_WEIGHTS;
/** A fresh pawn-cache key for each count. */
let key = 0;
/**
 * Standard mode's connected and backward pawns, [middlegame, endgame]: the pawn structure less
 * what it is with their weights at 0.
 */
const shape = (sbfen: string): number[] => {
  const pos = position(sbfen, true);
  const both = (): number[] => [false, true].map((endgame) => pawnStructure(pos, ++key, 5, endgame));
  const counted = both();
  useWeights(
    { ...TEST_WEIGHTS, connectedPawn: Array(8).fill(0), supportedPawn: 0, backwardPawn: [0, 0] },
    'chess',
  );
  const without = both();
  useWeights(TEST_WEIGHTS, 'chess');
  return [counted[0] - without[0], counted[1] - without[1]];
};
/** What `passerPaths` adds to `threats`' values, [middlegame, endgame]. */
const paths = (sbfen: string): number[] => {
  const pos = position(sbfen, true);
  activity(pos, true);
  threats(pos);
  const before = Array.from(CHESS_TERMS);
  passerPaths(pos, ++key, 5);
  return [CHESS_TERMS[0] - before[0], CHESS_TERMS[1] - before[1]];
};
/** `passerPath` entries `k` (and `k` + 1) for a passed pawn `steps` steps past its third rank, in centipawns. */
const path = (steps: number, ...k: number[]): number[] =>
  [0, 1].map((phase) => Math.trunc((k.reduce((sum, i) => sum + passerPath[i + phase], 0) * steps) / 6));
const ADVANCED = { kind: 'advanced', boxBonus: 0 } as const;

describe('chess terms (standard mode)', () => {
  const saved = copyWeights(WEIGHTS.chess);
  beforeEach(() => useWeights(TEST_WEIGHTS, 'chess'));
  afterEach(() => useWeights(saved, 'chess'));

  it('cancel out in the start position but for the tempo of the side to move', () => {
    expect(terms(START_SBFEN)).toEqual([tempo, tempo]);
    expect(terms(START_SBFEN.replace(' w ', ' b '))).toEqual([-tempo, -tempo]);
  });

  it('count the bishop pair', () => {
    // White has both bishops, black one.
    expect(terms('4kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1')).toEqual([
      bishopPair[0] + tempo,
      bishopPair[1] + tempo,
    ]);
  });

  it('count each enemy piece but a pawn that a pawn attacks', () => {
    // e4 attacks the knight on d5 and the queen on f5; b4 attacks the pawn on a5 only.
    const two = terms('4k3/8/8/p2n1q2/1P2P3/8/8/4K3 w - - 0 1');
    expect(two).toEqual([2 * pawnThreat[0] + tempo, 2 * pawnThreat[1] + tempo]);
    // Black's pawn on g6 attacks the white bishop on h5: one threat each way.
    expect(terms('4k3/8/6p1/3n3B/4P3/8/8/4K3 w - - 0 1')).toEqual([tempo, tempo]);
  });

  it('tell open files from half-open ones and ignore files with an own pawn', () => {
    // a-file open, d-file half open (a black pawn), h-file closed (a white pawn).
    expect(terms('4k3/3p4/8/8/8/8/7P/R2RK2R w - - 0 1')).toEqual([
      rookFile[0] + rookFile[2] + tempo,
      rookFile[1] + rookFile[3] + tempo,
    ]);
  });

  it('count pieces that minor pieces and rooks attack, and those left hanging', () => {
    // The knight on e3 attacks the rook on d5, which nothing defends.
    expect(threatTerms('4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1')).toEqual([
      threatByMinor[4] + hanging[0],
      threatByMinor[5] + hanging[1],
    ]);
    // A black pawn defends it, from c6 or from e6: a threat, no longer hanging.
    for (const sbfen of ['4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1', '4k3/8/4p3/3r4/8/4N3/8/4K3 w - - 0 1'])
      expect(threatTerms(sbfen)).toEqual([threatByMinor[4], threatByMinor[5]]);
    // Rook and queen attack each other on the d-file; the king defends the rook, not the queen.
    expect(threatTerms('4k3/8/8/8/3q4/8/8/3RK3 w - - 0 1')).toEqual([
      threatByRook[6] + hanging[0],
      threatByRook[7] + hanging[1],
    ]);
  });

  it('mirror the threats for black', () => {
    // The first position above with the colours swapped, the defender a white pawn on c3 or e3.
    expect(threatTerms('4k3/8/4n3/8/3R4/8/8/4K3 b - - 0 1')).toEqual([
      -threatByMinor[4] - hanging[0],
      -threatByMinor[5] - hanging[1],
    ]);
    for (const sbfen of ['4k3/8/4n3/8/3R4/2P5/8/4K3 b - - 0 1', '4k3/8/4n3/8/3R4/4P3/8/4K3 b - - 0 1'])
      expect(threatTerms(sbfen)).toEqual([-threatByMinor[4], -threatByMinor[5]]);
  });

  it('move the standard evaluation and leave the variant alone', () => {
    const sbfen = '4k3/8/8/p2n1q2/1P2P3/8/8/4K3 w - - 0 1';
    const standard = evaluate(position(sbfen, true), ADVANCED);
    const variant = evaluate(position(sbfen), ADVANCED);
    useWeights(
      { ...copyWeights(WEIGHTS.chess), pawnThreat: [pawnThreat[0] + 100, pawnThreat[1] + 100] },
      'chess',
    );
    expect(evaluate(position(sbfen, true), ADVANCED)).toBe(standard + 200);
    expect(evaluate(position(sbfen), ADVANCED)).toBe(variant);
  });

  it('count outposts of knights and bishops that no enemy pawn can ever attack', () => {
    // The knight on d5, defended by e4, with no black pawn left on the c- or e-file.
    expect(terms('4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1')).toEqual([outpost[0] + tempo, outpost[1] + tempo]);
    // A black pawn behind it (c4) cannot come back; one ahead of it (c7) can drive it away.
    expect(terms('4k3/8/8/3N4/2p1P3/8/8/4K3 w - - 0 1')).toEqual([outpost[0] + tempo, outpost[1] + tempo]);
    expect(terms('4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1')).toEqual([tempo, tempo]);
    // Undefended, or on the third rank: no outpost.
    expect(terms('4k3/8/8/3N4/8/8/8/4K3 w - - 0 1')).toEqual([tempo, tempo]);
    expect(terms('4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1')).toEqual([tempo, tempo]);
    // Black's bishop on e4, its fifth rank, defended by d5.
    expect(terms('4k3/8/8/3p4/4b3/8/8/4K3 w - - 0 1')).toEqual([tempo - outpost[2], tempo - outpost[3]]);
  });

  it('count a rook on the seventh with the enemy king on the eighth or enemy pawns on the seventh', () => {
    const open = [rookFile[0] + tempo, rookFile[1] + tempo];
    expect(terms('4k3/R7/8/8/8/8/8/4K3 w - - 0 1')).toEqual([
      open[0] + rookSeventh[0],
      open[1] + rookSeventh[1],
    ]);
    expect(terms('8/R3p3/4k3/8/8/8/8/4K3 w - - 0 1')).toEqual([
      open[0] + rookSeventh[0],
      open[1] + rookSeventh[1],
    ]);
    expect(terms('8/R7/4k3/8/8/8/8/4K3 w - - 0 1')).toEqual(open);
    // Black's rook on its seventh, the second rank, with the white king on the first.
    expect(terms('4k3/8/8/8/8/8/7r/4K3 w - - 0 1')).toEqual([
      tempo - rookFile[0] - rookSeventh[0],
      tempo - rookFile[1] - rookSeventh[1],
    ]);
  });

  it('count connected pawns by rank, and backward pawns', () => {
    // d4 and e4 side by side, unopposed: each (2 + 1) halves of the fourth rank's value.
    const v = (connectedPawn[3] * 3) >> 1;
    expect(shape('4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1')).toEqual([2 * v, 2 * (v >> 2)]);
    // e4 defended by d3, facing a black pawn on e6: (2 − 1) halves and the support.
    const e4 = (connectedPawn[3] >> 1) + supportedPawn;
    expect(shape('4k3/8/4p3/8/4P3/3P4/8/4K3 w - - 0 1')).toEqual([e4, e4 >> 2]);
    // d2 cannot be defended (c4 is ahead of it) and e4 attacks d3, its square in front.
    expect(shape('4k3/8/8/8/2P1p3/8/3P4/4K3 w - - 0 1')).toEqual(backwardPawn);
    // The same for black, mirrored.
    expect(shape('4k3/3p4/8/2p1P3/8/8/8/4K3 w - - 0 1')).toEqual(backwardPawn.map((x) => -x));
  });

  it('count safe checks, once per type of piece', () => {
    // The knight on g4 can check from f6, which no black piece attacks.
    expect(checks('4k3/8/8/8/6N1/8/8/4K3 w - - 0 1')).toBe(safeCheck[KNIGHT]);
    // The pawn on g7 guards f6 (and h6).
    expect(checks('4k3/6p1/8/8/6N1/8/8/4K3 w - - 0 1')).toBe(0);
    // Black's knight can check from c2 or d3, until the queen on d1 guards both (and has checks of its own).
    expect(checks('4k3/8/8/8/1n6/8/8/4K3 w - - 0 1')).toBe(-safeCheck[KNIGHT]);
    expect(checks('4k3/8/8/8/1n6/8/8/3QK3 w - - 0 1')).toBe(safeCheck[QUEEN]);
    // The rook can check from e1 or a8: one rook check, counted once.
    expect(checks('4k3/8/8/8/8/8/8/R6K w - - 0 1')).toBe(safeCheck[ROOK]);
    // The queen from a4, e2 or h5 (d8 and e7 are the king's own squares).
    expect(checks('4k3/8/8/8/8/8/8/3QK3 w - - 0 1')).toBe(safeCheck[QUEEN]);
    // Black's bishop can check the king on h1 from b7.
    expect(checks('2b1k3/8/8/8/8/8/8/7K w - - 0 1')).toBe(-safeCheck[BISHOP]);
    // A knight that reaches no checking square counts nothing.
    expect(checks('4k3/8/8/8/8/8/8/4K1N1 w - - 0 1')).toBe(0);
  });

  it('weigh mobility again for the endgame', () => {
    // The rook on a1 has ten squares (six beyond four), the knight on h8 two (two short of four).
    const share = (t: number) => mobilityEnd[t] - mobility[t];
    expect(endgameShare('4k2n/8/8/8/8/8/8/R3K3 w - - 0 1')).toBe(6 * share(ROOK) + 2 * share(KNIGHT));
  });

  it('count passed pawns with a way forward', () => {
    // b5, on its fifth rank (7 steps), with nothing on or attacking b6, b7 and b8.
    expect(paths('6k1/8/8/1P6/8/8/8/6K1 w - - 0 1')).toEqual(path(7, 0));
    // A bishop on a8 attacks b7, not b6: only the square in front is free.
    expect(paths('b5k1/8/8/1P6/8/8/8/6K1 w - - 0 1')).toEqual(path(7, 2));
    // A rook on b8 attacks b6 too; the king on a5 defends b6.
    expect(paths('1r4k1/8/8/1P6/8/8/8/6K1 w - - 0 1')).toEqual([0, 0]);
    expect(paths('1r4k1/8/8/KP6/8/8/8/8 w - - 0 1')).toEqual(path(7, 4));
    // A knight on b6 blocks it, whatever defends b6.
    expect(paths('6k1/8/1n6/KP6/8/8/8/8 w - - 0 1')).toEqual([0, 0]);
    // Still on its third rank: nothing yet.
    expect(paths('6k1/8/8/8/8/1P6/8/6K1 w - - 0 1')).toEqual([0, 0]);
    // Black's passed pawn on g2, its seventh rank (17 steps), with g1 free and defended by its king.
    expect(paths('8/8/8/8/8/8/K5p1/7k w - - 0 1')).toEqual(path(17, 0, 4).map((x) => -x));
  });
});
