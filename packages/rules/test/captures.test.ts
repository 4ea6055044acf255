/** The quiescence generator against the full one: exactly its captures and queen promotions. */
import { describe, expect, it } from 'vitest';
import { isCapture, movePromotion } from '../src/move.ts';
import { generateCaptures, generatePseudo, legalMoves, MAX_MOVES } from '../src/movegen.ts';
import { QUEEN } from '../src/piece.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import { position, prng } from './helpers.ts';

describe('generateCaptures', () => {
  it('equals the captures and queen promotions of the rules package, over random games', () => {
    const random = prng(99);
    const all = new Int32Array(MAX_MOVES);
    const mine = new Int32Array(MAX_MOVES);
    let checked = 0;
    let boxAttacks = 0;
    for (let game = 0; game < 40; game++) {
      const pos = position(START_SBFEN, game % 5 === 4);
      for (let ply = 0; ply < 150; ply++) {
        const n = generatePseudo(pos, all);
        if (n === 0) break;
        if (pos.pendingSquare < 0) {
          const expected = Array.from(all.subarray(0, n))
            .filter((m) => movePromotion(m) === QUEEN || (movePromotion(m) === 0 && isCapture(m)))
            .sort((x, y) => x - y);
          const got = Array.from(mine.subarray(0, generateCaptures(pos, mine))).sort((x, y) => x - y);
          expect(got).toEqual(expected);
          boxAttacks += got.filter((m) => m >> 21 === 7 || m >> 21 === 8).length;
          checked++;
        }
        // Prefer captures so that boxes appear and get attacked.
        const legal = legalMoves(pos);
        if (legal.length === 0) break;
        const takes = legal.filter((m) => isCapture(m));
        const choices = takes.length && random() < 0.6 ? takes : legal;
        pos.play(choices[Math.floor(random() * choices.length)]);
      }
    }
    expect(checked).toBeGreaterThan(3000);
    expect(boxAttacks).toBeGreaterThan(0);
  });

  it('knows promotions, en passant and box attacks by pawns', () => {
    const pos = position('1n2k3/P7/8/3pP3/8/5(bn)2/4P3/4K1N1 w - d6 0 2');
    const got = new Int32Array(MAX_MOVES);
    const n = generateCaptures(pos, got);
    const all = new Int32Array(MAX_MOVES);
    const expected = Array.from(all.subarray(0, generatePseudo(pos, all)))
      .filter((m) => movePromotion(m) === QUEEN || (movePromotion(m) === 0 && isCapture(m)))
      .sort((x, y) => x - y);
    expect(Array.from(got.subarray(0, n)).sort((x, y) => x - y)).toEqual(expected);
    expect(n).toBe(5);
  });
});
