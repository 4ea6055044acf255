/** What the rules package offers a search, checked against the plain generators over random games. */
import { describe, expect, it } from 'vitest';
import { checkLine, mayAnswerCheck } from '../src/check.ts';
import { isCapture, movePromotion } from '../src/move.ts';
import {
  generateCaptures,
  generatePseudo,
  generateQuiets,
  isLegalMove,
  isPseudoLegal,
  legalMoves,
  MAX_MOVES,
} from '../src/movegen.ts';
import { QUEEN } from '../src/piece.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import { position, prng } from './helpers.ts';

describe('generateCaptures and generateQuiets', () => {
  it('split the pseudo-legal moves in their order: captures and queen promotions, then the rest, over random games', () => {
    const random = prng(99);
    const all = new Int32Array(MAX_MOVES);
    const mine = new Int32Array(MAX_MOVES);
    let checked = 0;
    let boxAttacks = 0;
    let underPromotions = 0;
    for (let game = 0; game < 40; game++) {
      const pos = position(START_SBFEN, game % 5 === 4);
      for (let ply = 0; ply < 150; ply++) {
        const n = generatePseudo(pos, all);
        if (n === 0) break;
        if (pos.pendingSquare < 0) {
          // In the same order too: the search picks the first of equally scored moves.
          const expected = Array.from(all.subarray(0, n)).filter(
            (m) => movePromotion(m) === QUEEN || (movePromotion(m) === 0 && isCapture(m)),
          );
          const got = Array.from(mine.subarray(0, generateCaptures(pos, mine)));
          expect(got).toEqual(expected);
          boxAttacks += got.filter((m) => m >> 21 === 7 || m >> 21 === 8).length;
          const rest = Array.from(all.subarray(0, n)).filter((m) => !expected.includes(m));
          const quiets = Array.from(mine.subarray(0, generateQuiets(pos, mine)));
          expect(quiets).toEqual(rest);
          underPromotions += quiets.filter((m) => movePromotion(m) !== 0).length;
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
    expect(underPromotions).toBeGreaterThan(0);
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

describe('isPseudoLegal and the check shortcuts', () => {
  it('agree with the generators in every position of random games', () => {
    const random = prng(5);
    const all = new Int32Array(MAX_MOVES);
    let elsewhere: number[] = [];
    let inCheck = 0;
    let answers = 0;
    for (let game = 0; game < 40; game++) {
      const pos = position(START_SBFEN, game % 5 === 4);
      for (let ply = 0; ply < 150; ply++) {
        const legal = legalMoves(pos);
        if (legal.length === 0) break;
        if (pos.pendingSquare < 0) {
          const n = generatePseudo(pos, all);
          const here = new Set(all.subarray(0, n));
          for (const m of here) expect(isPseudoLegal(pos, m)).toBe(true);
          // Moves of earlier positions are accepted exactly when they are moves here too.
          for (const m of elsewhere) expect(isPseudoLegal(pos, m)).toBe(here.has(m));
          elsewhere = Array.from(here);
          if (pos.inCheck()) {
            inCheck++;
            const line = checkLine(pos);
            for (const m of here) {
              // A necessary condition: every move that answers the check passes it.
              if (isLegalMove(pos, m, true)) {
                expect(mayAnswerCheck(pos, m, line)).toBe(true);
                answers++;
              }
            }
          }
        } else expect(isPseudoLegal(pos, legal[0])).toBe(false);
        const takes = legal.filter((m) => isCapture(m));
        const choices = takes.length && random() < 0.6 ? takes : legal;
        pos.play(choices[Math.floor(random() * choices.length)]);
      }
    }
    expect(inCheck).toBeGreaterThan(100);
    expect(answers).toBeGreaterThan(100);
  });

  it('knows a double check from two squares, and a check from one box by two pieces', () => {
    // One bishop checks along a diagonal; add a knight and only the king may move.
    const single = position('4k3/8/8/1B6/8/8/8/6K1 b - - 0 1');
    // b5 from e8 is three steps of -17.
    expect(checkLine(single)).toBe(0x41 | ((-17 + 64) << 8));
    const double = position('4k3/8/3N4/1B6/8/8/8/6K1 b - - 0 1');
    expect(checkLine(double)).toBe(-1);
    expect(legalMoves(double).every((m) => (m >> 14) % 8 === 6)).toBe(true);
    // A box of a pawn and a bishop next to the king checks twice from one square.
    const box = position('8/8/8/8/4k3/5(PB)2/8/7K b - - 0 1');
    expect(checkLine(box) & 0xff).toBe(0x25);
  });
});
