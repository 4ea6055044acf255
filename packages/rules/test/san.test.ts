import { describe, expect, it } from 'vitest';
import { insufficientMaterial, type Position, parseSbfen, positionStatus, san } from '../src/index.ts';
import { find } from './helpers.ts';

function position(sbfen: string): Position {
  const r = parseSbfen(sbfen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function notation(sbfen: string, text: string): string {
  const pos = position(sbfen);
  return san(pos, find(pos, text));
}

describe('notation (docs/rules.md, appendix "notation")', () => {
  it('disambiguates by file, by rank, then by both', () => {
    expect(notation('1k6/8/8/8/8/8/4K3/R6R w - - 0 1', 'a1d1')).toBe('Rad1');
    expect(notation('3k4/8/8/R7/8/8/4K3/R7 w - - 0 1', 'a1a3')).toBe('R1a3');
    expect(notation('3k4/8/8/8/8/Q1Q5/4K3/Q7 w - - 0 1', 'a3b2')).toBe('Qa3b2');
  });

  it('treats two knights of one box as one piece and names the box file against a rival', () => {
    expect(notation('4k3/8/8/8/8/2(NN)5/8/4K1N1 w - - 0 1', 'Nc3e2')).toBe('Nce2');
    expect(notation('4k3/8/8/8/8/2(NN)5/8/4K3 w - - 0 1', 'Nc3e2')).toBe('Ne2');
  });

  it('writes captures, box creation, promotion, check and mate in order', () => {
    expect(notation('4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1', 'd1d5')).toBe('Rxd5+SB');
    expect(notation('rnbqkbnr/pppp1ppp/8/4p3/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 2', 'd1d3')).toBe('Qd3+SB');
    expect(notation('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 'e5d6')).toBe('exd6');
    expect(notation('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', 'b7b8q')).toBe('b8=Q+');
    expect(notation('r5k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1', 'a1a8')).toBe('Rxa8+SB#');
    expect(notation('4k3/8/8/8/8/2(pn)5/3P4/4K3 w - - 0 1', 'd2c3')).toBe('dxc3');
  });

  it('leaves the check suffix of a double-box attack to the defender choice', () => {
    expect(notation('4k3/8/8/8/8/4(nb)3/3P4/4K3 w - - 0 1', 'd2e3')).toBe('dxe3');
  });
});

describe('status (docs/rules.md §9)', () => {
  it('counts a box as two pieces for insufficient material', () => {
    expect(insufficientMaterial(position('4k3/8/8/8/8/8/8/N3K3 w - - 0 1'))).toBe(true);
    expect(insufficientMaterial(position('4k3/8/8/8/8/8/8/B3K3 b - - 0 1'))).toBe(true);
    expect(insufficientMaterial(position('4k3/8/8/8/8/8/8/(NB)3K3 w - - 0 1'))).toBe(false);
    expect(insufficientMaterial(position('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'))).toBe(false);
    expect(insufficientMaterial(position('4k3/8/8/8/8/8/8/4K3 w - - 0 1'))).toBe(true);
  });

  it('puts checkmate and stalemate before the draw rules', () => {
    const mate = position('R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 80');
    expect(positionStatus(mate)).toMatchObject({ status: 'checkmate', winner: 0 });
    const stalemate = position('k7/2Q5/1K6/8/8/8/8/8 b - - 120 80');
    expect(positionStatus(stalemate).status).toBe('stalemate');
    expect(positionStatus(position('4k3/8/8/8/8/8/8/R3K3 b - - 100 80')).status).toBe('draw');
    expect(positionStatus(position('4k3/8/8/8/8/8/8/R3K3 b - - 99 80')).status).toBe('active');
  });
});
