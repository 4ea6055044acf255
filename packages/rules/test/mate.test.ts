import { describe, expect, it } from 'vitest';
import { explainMate } from '../src/mate.ts';
import type { Position } from '../src/position.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import { squareName } from '../src/square.ts';
import { play, position } from './helpers.ts';

/** The explanation with squares named, failing the test when the position is not mate. */
const explain = (pos: Position) => {
  const r = explainMate(pos);
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, king: squareName(r.value.king), checkers: r.value.checkers.map(squareName) };
};
const game = (...texts: string[]) => play(position(START_SBFEN), ...texts);

describe('explainMate, on mates in three from the start', () => {
  it('a copied queen mates: the king never attacks a box, and White keeps the queen of the double box', () => {
    // 1.Nf3 d6 2.Ne5 Qd7 3.Nxd7#: the knight takes the queen and copies it on d7.
    expect(explain(game('g1f3', 'd7d6', 'f3e5', 'd8d7', 'e5d7'))).toEqual({
      king: 'e8',
      checkers: ['d7'],
      text:
        'The white queen in the double box on d7 gives check: a king never attacks a box, and an attack ' +
        'on the box lets White choose which piece to give up, so White keeps the queen.',
      section: 5,
    });
  });

  it('a copied knight mates from afar: nothing can reach the box', () => {
    // 1.Nc3 e6 2.Ne4 Qf6 3.Nxf6#: Black's g-pawn and knight could take f6, but White keeps the knight.
    expect(explain(game('b1c3', 'e7e6', 'c3e4', 'd8f6', 'e4f6')).text).toBe(
      'The white knight in the double box on f6 gives check: an attack on the box lets White choose ' +
        'which piece to give up, so White keeps the knight.',
    );
  });

  it('two copied queens mate: whichever is given up, the other checks', () => {
    // 1.c3 d6 2.Qa4+ Qd7 3.Qxd7#.
    expect(explain(game('c2c3', 'd7d6', 'd1a4', 'd8d7', 'a4d7')).text).toBe(
      'Both white queens in the double box on d7 give check: a king never attacks a box, and an attack ' +
        'on the box lets White choose which piece to give up, and either one left gives check.',
    );
  });

  it('a queen that copied a bishop mates beside the king, which cannot take a box', () => {
    // 1.e4 f5 2.Qf3 fxe4 3.Qxf8#.
    expect(explain(game('e2e4', 'f7f5', 'd1f3', 'f5e4', 'f3f8'))).toEqual({
      king: 'e8',
      checkers: ['f8'],
      text: 'The white queen in the double box on f8 gives check: a king never attacks a box.',
      section: 6,
    });
  });

  it('explains a mate without boxes by the check alone', () => {
    expect(explain(game('f2f3', 'e7e5', 'g2g4', 'd8h4'))).toEqual({
      king: 'e1',
      checkers: ['h4'],
      text: 'The black queen on h4 gives check, and White can neither take it, block it nor move the king to safety.',
      section: 8,
    });
  });
});

describe('explainMate, on positions given as SBFEN', () => {
  it('an attack on a pawn box takes the pawn first, leaving its checking queen', () => {
    // Rxg7 would take the pawn and leave the queen on g7, checking h8: not a legal move.
    expect(explain(position('6rk/6(PQ)1/8/8/8/8/8/4K3 b - - 0 1'))).toEqual({
      king: 'h8',
      checkers: ['g7'],
      text:
        'The white pawn and queen in the pawn box on g7 give check: a king never attacks a box, and an ' +
        'attack on the box takes the pawn first and leaves the queen there, still giving check.',
      section: 5,
    });
  });

  it('nobody may attack a mixed box', () => {
    expect(explain(position('6rk/6(Qp)1/8/8/8/8/8/4K3 b - - 0 1')).text).toBe(
      'The white queen in the mixed box on g7 gives check: a king never attacks a box, and nobody may attack a mixed box.',
    );
  });

  it('refuses a position that is only check', () => {
    const r = explainMate(game('e2e4', 'f7f5', 'd1h5'));
    expect(r.ok ? null : r.error.code).toBe('notCheckmate');
  });
});
