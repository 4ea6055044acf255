import { describe, expect, it } from 'vitest';
import { explainMate } from '../src/mate.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import { parseSquare, squareName } from '../src/square.ts';
import { play, position } from './helpers.ts';

const explain = (sbfen: string) => {
  const r = explainMate(position(sbfen));
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.value, king: squareName(r.value.king), checkers: r.value.checkers.map(squareName) };
};

describe('explainMate', () => {
  it('names a pawn box beside the king: a king never attacks a box', () => {
    expect(explain('3qk3/5(PQ)2/8/8/8/8/8/4K3 b - - 0 1')).toEqual({
      king: 'e8',
      checkers: ['f7'],
      text: 'The white pawn and queen in the pawn box on f7 give check: a king never attacks a box.',
      section: 6,
    });
  });

  it('says an attack on a pawn box takes the pawn first, leaving its checking queen', () => {
    expect(explain('6rk/6(PQ)1/8/8/8/8/8/4K3 b - - 0 1')).toEqual({
      king: 'h8',
      checkers: ['g7'],
      text:
        'The white pawn and queen in the pawn box on g7 give check: a king never attacks a box and ' +
        'an attack on the pawn box takes the pawn first and leaves the queen there, still giving check.',
      section: 5,
    });
  });

  it('says the defender of a double box keeps its copied checking piece', () => {
    // Bxf7 took a black knight and copied it: the new white knight checks from the (NB) box.
    expect(explain('5qrk/5(NB)pp/8/8/8/8/8/4K3 b - - 0 1')).toEqual({
      king: 'h8',
      checkers: ['f7'],
      text:
        'The white knight in the double box on f7 gives check: an attack on the double box lets White ' +
        'choose which piece to give up, and White would keep the knight.',
      section: 5,
    });
  });

  it('says nobody may attack a mixed box', () => {
    expect(explain('6rk/6(Qp)1/8/8/8/8/8/4K3 b - - 0 1').text).toBe(
      'The white queen in the mixed box on g7 gives check: a king never attacks a box and nobody may attack the mixed box on g7.',
    );
  });

  it('explains a mate without boxes by the check alone', () => {
    const pos = play(position(START_SBFEN), 'f2f3', 'e7e5', 'g2g4', 'd8h4');
    const r = explainMate(pos);
    expect(r.ok && r.value).toEqual({
      king: parseSquare('e1'),
      checkers: [parseSquare('h4')],
      text: 'The black queen on h4 gives check, and White can neither take it, block it nor move the king to safety.',
      section: 8,
    });
  });

  it('refuses a position that is only check', () => {
    const r = explainMate(play(position(START_SBFEN), 'e2e4', 'f7f5', 'd1h5'));
    expect(r.ok ? null : r.error.code).toBe('notCheckmate');
  });
});
