/** Move text (RULES.md 8): writing it from a position, and reading it back against the legal moves. */
import { describe, expect, it } from 'vitest';
import { CASTLE, moveKind, SACRIFICE } from '../src/move.ts';
import { legalMoves } from '../src/movegen.ts';
import type { Position } from '../src/position.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import { moveText, parseMoveText } from '../src/text.ts';
import { legal, play, position } from './helpers.ts';

/** The parser's message for rejected text; fails when the text is accepted. */
function rejection(pos: Position, text: string): string {
  const m = parseMoveText(pos, text);
  if (m.ok) throw new Error(`accepted: ${text}`);
  return m.error;
}

/** Reads text and writes the move back. */
function roundTrip(pos: Position, text: string): string {
  const m = parseMoveText(pos, text);
  if (!m.ok) throw new Error(`${text}: ${m.error}`);
  return moveText(pos, m.value);
}

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

describe('reading move text', () => {
  it('reads plain moves and promotions', () => {
    const pos = position(START_SBFEN);
    expect(roundTrip(pos, 'g1f3')).toBe('g1f3');
    expect(roundTrip(position('k7/4P3/8/8/8/8/8/4K3 w - - 0 1'), 'e7e8n')).toBe('e7e8n');
  });

  it('reads a move from a box with its letter, and without it when only one piece can go there', () => {
    const pos = position('k7/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1');
    expect(roundTrip(pos, 'Pd3d4')).toBe('Pd3d4');
    expect(roundTrip(pos, 'Qd3d4')).toBe('Qd3d4');
    expect(roundTrip(pos, 'd3h7')).toBe('Qd3h7');
    expect(roundTrip(pos, 'Qd3h7')).toBe('Qd3h7');
    // One move for two knights, so no ambiguity.
    const knights = position('k7/8/8/8/8/8/8/(NN)3K3 w - - 0 1');
    expect(roundTrip(knights, 'a1b3')).toBe('Na1b3');
    expect(roundTrip(knights, 'Na1b3')).toBe('Na1b3');
  });

  it('rejects text that two pieces of the box could mean', () => {
    const pos = position('k7/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1');
    expect(rejection(pos, 'd3d4')).toMatch(/ambiguous move.*d3.*d4/);
    expect(rejection(position('k7/8/8/8/8/3(RQ)4/8/4K3 w - - 0 1'), 'd3d8')).toMatch(/ambiguous/);
  });

  it('rejects an illegal move, a wrong letter, a missing promotion and malformed text', () => {
    const pos = position(START_SBFEN);
    expect(rejection(pos, 'e2e5')).toBe('illegal move: e2e5');
    expect(rejection(pos, 'b1d2')).toBe('illegal move: b1d2');
    expect(rejection(position('k7/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1'), 'Rd3d4')).toBe('illegal move: Rd3d4');
    expect(rejection(position('k7/4P3/8/8/8/8/8/4K3 w - - 0 1'), 'e7e8')).toBe('illegal move: e7e8');
    expect(rejection(pos, 'e4')).toMatch(/'e4' is not move text/);
    expect(rejection(pos, 'e2-e4')).toMatch(/not move text/);
  });

  it('reads a defender choice, and only while one is pending', () => {
    expect(rejection(position(START_SBFEN), 'sac=N')).toBe('No pending defender choice');
    const pos = play(position('k7/8/8/3(nr)4/8/8/8/3QK3 w - - 0 1'), 'd1d5');
    expect(roundTrip(pos, 'sac=R')).toBe('sac=R');
    expect(rejection(pos, 'sac=Q')).toMatch(/no Q to sacrifice/);
    expect(rejection(pos, 'a8b8')).toMatch(/defender choice is pending on d5/);
  });
});
