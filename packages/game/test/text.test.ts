/** Reading move text (docs/rules.md, appendix): the intention it names, then the legal move in a position. */
import { moveText, type Position, parseSbfen, START_SBFEN } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { parseMoveText, resolveMoveText } from '../src/index.ts';

function position(sbfen: string): Position {
  const parsed = parseSbfen(sbfen);
  if (!parsed.ok) throw new Error(`${sbfen}: ${parsed.error.message}`);
  return parsed.value;
}

/** Reads text and writes the move back. */
function roundTrip(pos: Position, text: string): string {
  const m = resolveMoveText(pos, text);
  if (!m.ok) throw new Error(`${text}: ${m.error.message}`);
  return moveText(pos, m.value);
}

/** Plays move texts in order and returns the position. */
function play(pos: Position, ...texts: string[]): Position {
  for (const text of texts) {
    const m = resolveMoveText(pos, text);
    if (!m.ok) throw new Error(`${text}: ${m.error.message}`);
    pos.play(m.value);
  }
  return pos;
}

/** The resolver's message for rejected text; fails when the text is accepted. */
function rejection(pos: Position, text: string): string {
  const m = resolveMoveText(pos, text);
  if (m.ok) throw new Error(`accepted: ${text}`);
  return m.error.message;
}

describe('parsing move text without a position', () => {
  it('names the squares, the piece of a box and the promotion piece', () => {
    expect(parseMoveText('e2e4')).toEqual({ ok: true, value: { from: 'e2', to: 'e4' } });
    expect(parseMoveText('Qd3d4')).toEqual({ ok: true, value: { from: 'd3', to: 'd4', piece: 'queen' } });
    expect(parseMoveText('e7e8n')).toEqual({
      ok: true,
      value: { from: 'e7', to: 'e8', promotion: 'knight' },
    });
    expect(parseMoveText('sac=B')).toEqual({ ok: true, value: { sacrifice: 'bishop' } });
  });

  it('rejects what is not move text', () => {
    for (const text of ['e4', 'e2-e4', 'E2E4', 'e2e4Q', 'sac=K', 'Xe2e4', '']) {
      expect(parseMoveText(text)).toMatchObject({ ok: false, error: { code: 'notMoveText' } });
    }
  });
});

describe('resolving move text in a position', () => {
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
    expect(rejection(pos, 'sac=Q')).toBe('The attacked box holds no queen to sacrifice');
    expect(rejection(pos, 'a8b8')).toMatch(/defender choice is pending on d5/);
  });
});
