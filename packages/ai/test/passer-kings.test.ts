import { describe, expect, it } from 'vitest';
import { passerKings } from '../src/pawns.ts';
import { WEIGHTS } from '../src/weights.ts';
import { position } from './helpers.ts';

// A fresh pawn key for each position, so that the pawn cache counts it anew.
let key = 0x5a5a;
const race = (sbfen: string): number => passerKings(position(sbfen, true), ++key, 7);
const [enemy, own] = WEIGHTS.chess.passerKings;

describe('passed pawns and kings (endgame)', () => {
  it('reward a far enemy king and a near own one, by how far the pawn has come', () => {
    // c6 (its sixth rank: 5 · 5 − 13 = 12), the square in front c7: the white king one step from
    // it, the black king on h1 six (counted as five).
    expect(race('8/8/2PK4/8/8/8/8/7k w - - 0 1')).toBe(Math.trunc((12 * (enemy * 5 - own * 1)) / 8));
    // The same pawn on c4 (its fourth rank: 2), in front c5, both kings where they were.
    expect(race('8/8/3K4/8/2P5/8/8/7k w - - 0 1')).toBe(Math.trunc((2 * (enemy * 5 - own * 1)) / 8));
  });

  it('mirror for black, and cancel when both sides have the same race', () => {
    expect(race('7K/8/8/8/8/3k4/2p5/8 b - - 0 1')).toBe(-race('8/2P5/3K4/8/8/8/8/7k w - - 0 1'));
    expect(race('7k/2p5/8/8/8/8/2P5/7K w - - 0 1')).toBe(0);
  });

  it('count nothing for a pawn that is not passed or has not left its third rank', () => {
    // c6 faces a black pawn on d7; c3 is passed but only on its third rank.
    expect(race('8/3p4/2P5/3K4/8/8/8/7k w - - 0 1')).toBe(0);
    expect(race('8/8/8/8/8/2P5/3K4/7k w - - 0 1')).toBe(0);
  });
});
