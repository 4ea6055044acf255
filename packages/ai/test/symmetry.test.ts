import { START_SBFEN, writeSbfen } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { FULL_STRENGTH } from '../src/engine.ts';
import { evaluate, gamePlies } from '../src/evaluate.ts';
import { seededRandom } from '../src/index.ts';
import { mirror, playSharp, position } from './helpers.ts';

/**
 * The evaluation favours neither colour: a position and its mirror (colours swapped, board turned
 * over) score the same for the side to move, to the centipawn. A rounding that is not symmetric
 * about zero (Math.round takes -2.5 to -2 but 2.5 to 3) once gave 1 to 4 cp to one colour in
 * nearly a quarter of the positions.
 */
describe('evaluation symmetry', () => {
  it('scores every position as its colour mirror, in random games of both modes', () => {
    const random = seededRandom(29);
    let checked = 0;
    for (let game = 0; game < 40; game++) {
      const standard = game % 4 === 3;
      const pos = position(START_SBFEN, standard);
      for (let ply = 0; ply < 90; ply++) {
        // Past the opening, which counts plies: the mirror is one ply later.
        if (pos.pendingSquare < 0 && gamePlies(pos) >= 20) {
          const turned = mirror(pos);
          for (const kind of ['standard', 'advanced'] as const) {
            const cfg = { ...FULL_STRENGTH, kind };
            const [score, turnedScore] = [evaluate(pos, cfg), evaluate(turned, cfg)];
            // Compared with ===, to which -0 (black's view of 0) is 0.
            expect(turnedScore === score, `${writeSbfen(pos)}: ${score}, mirrored ${turnedScore}`).toBe(true);
          }
          checked++;
        }
        if (!playSharp(pos, random)) break;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
