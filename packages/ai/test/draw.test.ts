import { START_SBFEN } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { acceptsDraw, DRAW_ACCEPT_MAX_CP, DRAW_OFFER_LIMITS, Engine, Line } from '../src/index.ts';

/** The computer's answer to a draw offered by the side to move (the human) in `sbfen`. */
function answer(sbfen: string): { accept: boolean; score: number } {
  const line = Line.from(sbfen, [], false);
  if (!line.ok) throw new Error(line.error);
  const { score } = new Engine(16).think(line.value, { book: false, limits: DRAW_OFFER_LIMITS });
  return { accept: acceptsDraw(score, false), score };
}

/** Black (the computer) has its queen, White (to move, offering the draw) has none. */
const COMPUTER_QUEEN_UP = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1';
const HUMAN_QUEEN_UP = 'rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('The computer answering a draw offer', () => {
  it('declines when it is a queen up', () => {
    const { accept, score } = answer(COMPUTER_QUEEN_UP);
    expect(score).toBeLessThan(-500);
    expect(accept).toBe(false);
  });

  it('accepts at the start, where it does not stand better, and when it is behind', () => {
    // At the start the computer (Black) does not stand better: White has the first move.
    const start = answer(START_SBFEN);
    expect(-start.score).toBeLessThanOrEqual(DRAW_ACCEPT_MAX_CP);
    expect(start.accept).toBe(true);
    expect(answer(HUMAN_QUEEN_UP).accept).toBe(true);
  });

  it('reads the score from the side to move and accepts up to +0.50 for itself', () => {
    expect(acceptsDraw(-50, false)).toBe(true);
    expect(acceptsDraw(-51, false)).toBe(false);
    expect(acceptsDraw(51, true)).toBe(false);
    expect(acceptsDraw(50, true)).toBe(true);
    // Mated soon: it takes the draw.
    expect(acceptsDraw(29990, false)).toBe(true);
  });
});
