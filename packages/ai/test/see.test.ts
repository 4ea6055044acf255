import {
  CAPTURE,
  legalMoves,
  type Move,
  moveKind,
  movePiece,
  moveText,
  moveTo,
  type Position,
} from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { VALUE } from '../src/pst.ts';
import { seeAtLeast } from '../src/see.ts';
import { position } from './helpers.ts';

const byText = (pos: Position, text: string): Move => {
  const m = legalMoves(pos).find((x) => moveText(pos, x) === text);
  if (m === undefined) throw new Error(`no move ${text}`);
  return m;
};

/** The exchange's value, found as the threshold where `seeAtLeast` turns from true to false. */
function see(pos: Position, m: Move): number {
  let lo = -2000;
  let hi = 2000;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (seeAtLeast(pos, m, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

describe('static exchange evaluation (docs/engine.md §2)', () => {
  const [P, N, B, R, Q] = [VALUE[1], VALUE[2], VALUE[3], VALUE[4], VALUE[5]];
  const cases: [string, string, number][] = [
    // An unguarded pawn.
    ['1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1', 'e1e5', P],
    // Knight takes pawn, knight takes back, then white's rook and queen against bishop and queen
    // (the queen behind the bishop): white does best to stop after losing the knight.
    ['1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1', 'd3e5', P - N],
    // A rook behind a rook: the king may not take back.
    ['8/8/8/4k3/3p4/8/3R4/3R2K1 w - - 0 1', 'd2d4', P],
    // Without it, the king takes the rook.
    ['8/8/8/4k3/3p4/8/3R4/6K1 w - - 0 1', 'd2d4', P - R],
    // A quiet move onto a square a pawn guards.
    ['4k3/8/8/3p4/8/8/8/2Q1K3 w - - 0 1', 'c1c4', -Q],
    // Black to move: bishop takes a knight guarded by a pawn, and the queen behind the bishop
    // takes the pawn.
    ['4k3/1q6/2b5/8/4N3/5P2/8/4K3 b - - 0 1', 'c6e4', N - B + P],
    // Rook takes a knight that only the queen guards: a pawn guards the rook's square too, so the
    // queen does not take back.
    ['3qk3/8/8/3n4/4P3/8/8/3RK3 w - - 0 1', 'd1d5', N],
  ];
  for (const [sbfen, text, value] of cases)
    it(`${sbfen}: ${text} is worth ${value}`, () => {
      const pos = position(sbfen, true);
      expect(see(pos, byText(pos, text))).toBe(value);
    });

  it('gives a quiet move to an unguarded square and an even exchange 0', () => {
    const pos = position('4k3/8/8/3p4/8/8/8/2Q1K3 w - - 0 1', true);
    expect(see(pos, byText(pos, 'c1c2'))).toBe(0);
    expect(see(pos, byText(pos, 'e1e2'))).toBe(0);
  });

  it('wins at least the difference when a cheaper piece takes, all of it when nothing guards', () => {
    // Over the captures of a middlegame with many exchanges on the board.
    const pos = position('r2q1rk1/pp2bppp/2n1bn2/3pp3/3PP3/2N1BN2/PP2BPPP/R2Q1RK1 w - - 0 9', true);
    let checked = 0;
    for (const m of legalMoves(pos)) {
      if (moveKind(m) !== CAPTURE) continue;
      const gain = VALUE[pos.first[moveTo(m)] & 7] - VALUE[movePiece(m) & 7];
      expect(seeAtLeast(pos, m, Math.min(gain, 0))).toBe(true);
      if (!pos.isAttacked(moveTo(m), (pos.turn ^ 1) as 0 | 1))
        expect(see(pos, m)).toBe(VALUE[pos.first[moveTo(m)] & 7]);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
