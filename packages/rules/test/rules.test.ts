/**
 * The rules of docs/rules.md sections 2 to 9, one or more tests per rule, on positions written as
 * SBFEN. Move text follows its appendix "SBFEN and move text" (`e2e4`, `Qd3d4`, `sac=N`).
 */
import { describe, expect, it } from 'vitest';
import { givesCheck, mayGiveCheck } from '../src/check.ts';
import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  CASTLE,
  COPY,
  createsBox,
  DOUBLE_PUSH,
  EN_PASSANT,
  isBoxAttack,
  JOIN,
  type Move,
  moveKind,
  movePromotion,
  QUIET,
  SACRIFICE,
} from '../src/move.ts';
import { legalMoves } from '../src/movegen.ts';
import { BLACK, WHITE } from '../src/piece.ts';
import type { Position } from '../src/position.ts';
import { parseSbfen, START_SBFEN, writeSbfen } from '../src/sbfen.ts';
import { parseSquare } from '../src/square.ts';
import { moveText } from '../src/text.ts';
import { after, find, legal, legalOf, pieces, play, position, prng } from './helpers.ts';

/** Legal move texts from one square. */
const from = (pos: Position, square: string): string[] =>
  legal(pos).filter((t) => t.replace(/^[A-Z]/, '').startsWith(square));

describe('docs/rules.md §2 and §3: joining a pawn creates a pawn box', () => {
  it('a queen joins its pawn on d3 (the example of §2)', () => {
    const pos = position('rnbqkbnr/pppp1ppp/8/4p3/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 2');
    const m = find(pos, 'd1d3');
    expect(moveKind(m)).toBe(JOIN);
    expect(createsBox(m)).toBe(true);
    pos.play(m);
    expect(writeSbfen(pos)).toBe('rnbqkbnr/pppp1ppp/8/4p3/8/3(PQ)4/PPP1PPPP/RNB1KBNR b KQkq - 1 2');
    expect(pos.boxes).toBe(1);
  });

  it('a knight jumps onto its pawn', () => {
    expect(after('rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2', 'g1f3')).toBe(
      'rnbqkbnr/pppp1ppp/8/4p3/8/5(PN)2/PPPPP1PP/RNBQKB1R b KQkq - 1 2',
    );
  });

  it('black joins too', () => {
    expect(after('rnbqkbnr/ppp1pppp/3p4/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2', 'd8d6')).toBe(
      'rnb1kbnr/ppp1pppp/3(pq)4/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3',
    );
  });

  it('a slider needs every square before the pawn empty', () => {
    const moves = legalOf('rnbqkbnr/pppp1ppp/8/4p3/8/3P4/PPPBPPPP/RN1QKBNR w KQkq - 0 2');
    expect(moves).not.toContain('d1d3');
    expect(moves).toContain('d2e3');
  });

  it('never onto a pawn on its starting rank: the start position has the 20 chess moves', () => {
    const moves = legalOf(START_SBFEN);
    expect(moves).toEqual(legalOf(START_SBFEN, true));
    expect(moves).toHaveLength(20);
    expect(moves).not.toContain('b1d2');
    const black = legalOf('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(black).not.toContain('b8d7');
    expect(black).not.toContain('g8e7');
  });

  it('(a) not when 3 boxes stand on the board', () => {
    const three = legalOf('4k3/8/8/8/8/(PN)(PN)(PN)P3n/8/4KB2 w - - 0 1');
    expect(three).not.toContain('f1d3');
    expect(three).toContain('f1e2');
    const two = legalOf('4k3/8/8/8/8/(PN)(PN)1P3n/8/4KB2 w - - 0 1');
    expect(two).toContain('f1d3');
    expect(after('4k3/8/8/8/8/(PN)(PN)1P3n/8/4KB2 w - - 0 1', 'f1d3')).toBe(
      '4k3/8/8/8/8/(PN)(PN)1(PB)3n/8/4K3 b - - 1 1',
    );
  });

  it('(b) not by a piece that starts the move inside a box', () => {
    const boxed = position('k7/8/8/5P2/8/3(PB)4/8/4K3 w - - 0 1');
    expect(from(boxed, 'd3')).not.toContain('Bd3f5');
    expect(from(boxed, 'd3')).toContain('Bd3e4');
    const alone = position('k7/8/8/5P2/8/3B4/8/4K3 w - - 0 1');
    expect(moveKind(find(alone, 'd3f5'))).toBe(JOIN);
  });

  it('nothing else moves onto an own piece: no pawn, no king, no strong piece onto a strong piece', () => {
    const moves = legalOf('k7/8/8/3N4/3P1B2/4P3/4K3/8 w - - 0 1');
    expect(moves).not.toContain('d4d5'); // pawn onto its knight
    expect(moves).not.toContain('e3d4'); // pawn diagonally onto its pawn
    expect(moves).not.toContain('e2e3'); // king onto its pawn
    expect(moves).not.toContain('d5f4'); // knight onto its bishop
    expect(moves).toContain('e3e4');
    // The same pawn on e3 may be joined by the knight or the bishop.
    expect(moves).toContain('d5e3');
    expect(moves).toContain('f4e3');
  });
});

describe('docs/rules.md §2 and §3: capture and copy', () => {
  it('a bishop takes a knight and the square becomes a double box (bishop + knight)', () => {
    const pos = position('r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4');
    const before = pieces(pos);
    const m = find(pos, 'b5c6');
    expect(moveKind(m)).toBe(COPY);
    expect(createsBox(m)).toBe(true);
    pos.play(m);
    expect(writeSbfen(pos)).toBe('r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4');
    // The black knight is gone (captured); white has one knight more.
    expect(before.split('n').length - pieces(pos).split('n').length).toBe(1);
    expect(pieces(pos).split('N').length - before.split('N').length).toBe(1);
  });

  it('the copy has the captured piece type: a rook taking a queen makes a rook + queen box', () => {
    expect(after('k7/8/8/3q4/8/8/8/3RK3 w - - 0 1', 'd1d5')).toBe('k7/8/8/3(RQ)4/8/8/8/4K3 b - - 0 1');
    expect(after('7k/8/8/3Q4/8/8/7K/3r4 b - - 0 1', 'd1d5')).toBe('7k/8/8/3(rq)4/8/8/7K/8 w - - 0 2');
  });

  it('without (a) it is an ordinary capture', () => {
    const pos = play(position('4k3/8/8/8/8/(PN)(PN)(PN)P3n/8/4KB2 w - - 0 1'), 'f1h3');
    expect(writeSbfen(pos)).toBe('4k3/8/8/8/8/(PN)(PN)(PN)P3B/8/4K3 b - - 0 1');
    expect(pos.boxes).toBe(3);
    expect(after('4k3/8/8/8/8/(PN)(PN)1P3n/8/4KB2 w - - 0 1', 'f1h3')).toBe(
      '4k3/8/8/8/8/(PN)(PN)1P3(NB)/8/4K3 b - - 0 1',
    );
  });

  it('without (b) it is an ordinary capture', () => {
    expect(after('k7/8/6n1/8/8/3(PB)4/8/4K3 w - - 0 1', 'Bd3g6')).toBe('k7/8/6B1/8/8/3P4/8/4K3 b - - 0 1');
  });

  it('a pawn capture, a promotion capture and a king capture never copy', () => {
    expect(after('k7/8/8/3n4/4P3/8/8/4K3 w - - 0 1', 'e4d5')).toBe('k7/8/8/3P4/8/8/8/4K3 b - - 0 1');
    expect(after('r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1', 'b7a8q')).toBe('Q3k3/8/8/8/8/8/8/4K3 b - - 0 1');
    expect(after('k7/8/8/8/8/8/3n4/4K3 w - - 0 1', 'e1d2')).toBe('k7/8/8/8/8/8/3K4/8 b - - 0 1');
  });

  it('a capture of a lone pawn never copies', () => {
    expect(after('k7/8/8/3p4/8/8/8/3RK3 w - - 0 1', 'd1d5')).toBe('k7/8/8/3R4/8/8/8/4K3 b - - 0 1');
  });
});

describe('docs/rules.md §4: moving out of a box', () => {
  it('from a pawn box either piece moves and the other stays alone', () => {
    const pos = position('k7/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1');
    expect(from(pos, 'd3')).toContain('Pd3d4');
    expect(from(pos, 'd3')).toContain('Qd3d4');
    const pawn = play(pos.clone(), 'Pd3d4');
    expect(writeSbfen(pawn)).toBe('k7/8/8/8/3P4/3Q4/8/4K3 b - - 0 1');
    expect(pawn.boxes).toBe(0);
    expect(after('k7/8/8/8/8/3(PQ)4/8/4K3 w - - 0 1', 'Qd3h7')).toBe('k7/7Q/8/8/8/3P4/8/4K3 b - - 1 1');
  });

  it('from a double box either piece moves', () => {
    const pos = position('k7/8/8/8/8/3(NB)4/8/4K3 w - - 0 1');
    const moves = from(pos, 'd3');
    expect(moves.filter((t) => t.startsWith('N'))).toHaveLength(7);
    expect(moves.filter((t) => t.startsWith('B'))).toHaveLength(11);
    expect(after('k7/8/8/8/8/3(NB)4/8/4K3 w - - 0 1', 'Nd3f4')).toBe('k7/8/8/8/5N2/3B4/8/4K3 b - - 1 1');
  });

  it('from a mixed box each side moves only its own piece', () => {
    const white = position('k7/8/8/8/8/3(Nr)4/8/4K3 w - - 0 1');
    expect(from(white, 'd3').sort()).toEqual(['d3b2', 'd3b4', 'd3c1', 'd3c5', 'd3e5', 'd3f2', 'd3f4']);
    expect(writeSbfen(play(white, 'd3b4'))).toBe('k7/8/8/8/1N6/3r4/8/4K3 b - - 1 1');
    const black = position('k7/8/8/8/8/3(Nr)4/8/4K3 b - - 0 1');
    const moves = from(black, 'd3');
    expect(moves).toHaveLength(14);
    expect(moves).not.toContain('d3b4');
    expect(after('k7/8/8/8/8/3(Nr)4/8/4K3 b - - 0 1', 'd3d1')).toBe('k7/8/8/8/8/3N4/8/3rK3 w - - 1 2');
  });

  it('the piece that leaves may capture (without copying) and attack an enemy box', () => {
    const pos = position('k7/8/8/3(pn)4/8/3(PQ)4/8/4K3 w - - 0 1');
    const m = find(pos, 'Qd3d5');
    expect(moveKind(m)).toBe(ATTACK_PAWN_BOX);
    pos.play(m);
    expect(writeSbfen(pos)).toBe('k7/8/8/3(Qn)4/8/3P4/8/4K3 b - - 0 1');
  });

  it('two pieces of one type in a box make one move, not two', () => {
    const pos = position('k7/8/8/8/8/3(NN)4/8/4K3 w - - 0 1');
    expect(from(pos, 'd3')).toEqual(['Nd3b2', 'Nd3b4', 'Nd3c1', 'Nd3c5', 'Nd3e5', 'Nd3f2', 'Nd3f4']);
    expect(legalMoves(pos)).toHaveLength(7 + 5);
    expect(writeSbfen(play(pos, 'Nd3b4'))).toBe('k7/8/8/8/1N6/3N4/8/4K3 b - - 1 1');
  });

  it('two pieces of different types reaching one square make two moves', () => {
    const moves = legalOf('k7/8/8/8/8/3(RQ)4/8/4K3 w - - 0 1');
    expect(moves).toContain('Rd3d8');
    expect(moves).toContain('Qd3d8');
  });
});

describe('docs/rules.md §5 and §6: attacking a box', () => {
  it('§5: no piece moves onto its own pawn box or double box', () => {
    const moves = legalOf('k7/8/8/8/8/3(NB)4/8/3RK3 w - - 0 1');
    expect(moves).not.toContain('d1d3');
    expect(moves).toContain('d1d2');
    expect(legalOf('k7/8/8/8/8/8/8/3RK(NB)2 w - - 0 1')).not.toContain('e1f1');
  });

  it('§5: nobody moves onto a mixed box, from either side', () => {
    expect(legalOf('k7/8/8/8/3(Nr)4/8/8/3QK3 w - - 0 1')).not.toContain('d1d4');
    const black = legalOf('k2r4/8/8/8/3(Nr)4/8/8/3QK3 b - - 0 1');
    expect(black).not.toContain('d8d4');
    expect(black).toContain('d8d5');
    expect(legalOf('k7/8/2p5/3(Nr)4/8/8/8/4K3 b - - 0 1')).not.toContain('c6d5');
  });

  it('§6: a king never attacks a box, even an unguarded one', () => {
    expect(legalOf('k7/8/8/8/8/8/3(nn)4/4K3 w - - 0 1')).toEqual(['e1d1', 'e1e2', 'e1f2']);
    expect(legalOf('k7/8/8/8/8/8/3n4/4K3 w - - 0 1')).toContain('e1d2');
    expect(legalOf('k7/8/8/8/8/8/8/3(Nr)K3 w - - 0 1')).not.toContain('e1d1');
  });

  it('§6: a pawn attacks a box only diagonally', () => {
    expect(from(position('k7/8/8/4(pn)3/4P3/8/8/4K3 w - - 0 1'), 'e4')).toEqual([]);
    expect(from(position('k7/8/8/3(pn)4/4P3/8/8/4K3 w - - 0 1'), 'e4')).toEqual(['e4d5', 'e4e5']);
    // A box blocks the double step too.
    expect(from(position('k7/8/8/8/8/4(pn)3/4P3/4K3 w - - 0 1'), 'e2')).toEqual([]);
  });

  it('§5: a pawn box attacked: the pawn is taken, a mixed box forms, the box count stays (at the limit too)', () => {
    const pos = position('k7/8/8/3(pn)4/4P3/(PN)(PN)6/8/4K3 w - - 0 1');
    expect(pos.boxes).toBe(3);
    const before = pieces(pos);
    const m = find(pos, 'e4d5');
    expect(moveKind(m)).toBe(ATTACK_PAWN_BOX);
    expect(isBoxAttack(m)).toBe(true);
    expect(createsBox(m)).toBe(false);
    pos.play(m);
    expect(writeSbfen(pos)).toBe('k7/8/8/3(Pn)4/8/(PN)(PN)6/8/4K3 b - - 0 1');
    expect(pos.boxes).toBe(3);
    expect(before.replace('p', '')).toBe(pieces(pos));
  });

  it('§5: a double box attacked: the defender chooses between two types', () => {
    const pos = position('k7/8/8/3(nr)4/8/8/8/3QK3 w - - 7 30');
    const m = find(pos, 'd1d5');
    expect(moveKind(m)).toBe(ATTACK_DOUBLE_BOX);
    pos.play(m);
    // The game waits for black; the attacker has not landed yet.
    expect(pos.pendingSquare).toBe(parseSquare('d5'));
    expect(pos.turn).toBe(BLACK);
    expect(() => writeSbfen(pos)).toThrow(/defender choice/);
    const options = legalMoves(pos);
    expect(options.map((o) => moveKind(o))).toEqual([SACRIFICE, SACRIFICE]);
    expect(legal(pos)).toEqual(['sac=N', 'sac=R']);
    const knight = play(pos.clone(), 'sac=N');
    expect(writeSbfen(knight)).toBe('k7/8/8/3(Qr)4/8/8/8/4K3 b - - 0 30');
    expect(knight.boxes).toBe(1);
    expect(writeSbfen(play(pos, 'sac=R'))).toBe('k7/8/8/3(Qn)4/8/8/8/4K3 b - - 0 30');
    // Then the defender moves.
    expect(pos.turn).toBe(BLACK);
    expect(legal(pos)).toEqual(['a8a7', 'a8b8']);
  });

  it('§6: two pieces of one type give one option', () => {
    const pos = play(position('k7/8/8/3(nn)4/8/8/8/3QK3 w - - 0 1'), 'd1d5');
    expect(legal(pos)).toEqual(['sac=N']);
    expect(writeSbfen(play(pos, 'sac=N'))).toBe('k7/8/8/3(Qn)4/8/8/8/4K3 b - - 0 1');
  });

  it('§6: a double box can be attacked at the box limit', () => {
    const pos = play(position('k7/8/8/3(nr)4/8/(PN)(PN)6/8/3QK3 w - - 0 1'), 'd1d5', 'sac=R');
    expect(writeSbfen(pos)).toBe('k7/8/8/3(Qn)4/8/(PN)(PN)6/8/4K3 b - - 0 1');
    expect(pos.boxes).toBe(3);
  });

  it('§6 and §7: a pawn attacking a box on its last rank promotes; the new piece forms the mixed box', () => {
    const pos = position('k2(nr)4/4P3/8/8/8/8/8/4K3 w - - 0 1');
    const attacks = legalMoves(pos).filter((m) => isBoxAttack(m));
    expect(attacks.map((m) => moveText(pos, m)).sort()).toEqual(['e7d8b', 'e7d8n', 'e7d8q', 'e7d8r']);
    expect(attacks.every((m) => movePromotion(m) !== 0)).toBe(true);
    expect(after('k2(nr)4/4P3/8/8/8/8/8/4K3 w - - 0 1', 'e7d8q', 'sac=R')).toBe(
      'k2(Qn)4/8/8/8/8/8/8/4K3 b - - 0 1',
    );
    expect(after('k2(nr)4/4P3/8/8/8/8/8/4K3 w - - 0 1', 'e7d8n', 'sac=N')).toBe(
      'k2(Nr)4/8/8/8/8/8/8/4K3 b - - 0 1',
    );
  });

  it('§6: en passant is never a box attack, and a pawn leaving a box may capture en passant', () => {
    const pos = play(position('k7/3p4/8/4(PN)3/8/8/8/4K3 b - - 0 1'), 'd7d5');
    expect(writeSbfen(pos)).toBe('k7/8/8/3p(PN)3/8/8/8/4K3 w - d6 0 2');
    const m = find(pos, 'Pe5d6');
    expect(moveKind(m)).toBe(EN_PASSANT);
    expect(isBoxAttack(m)).toBe(false);
    pos.play(m);
    expect(writeSbfen(pos)).toBe('k7/8/3P4/4N3/8/8/8/4K3 b - - 0 2');
    expect(pos.boxes).toBe(0);
  });
});

describe('docs/rules.md §8: check and legality', () => {
  it('both pieces of a box attack and give check', () => {
    expect(position('k7/8/1(PN)6/8/8/8/8/4K3 b - - 0 1').inCheck()).toBe(true); // knight
    expect(position('k7/1(PN)6/8/8/8/8/8/4K3 b - - 0 1').inCheck()).toBe(true); // pawn
    expect(position('k7/8/8/8/4(PB)3/8/8/4K3 b - - 0 1').inCheck()).toBe(true); // bishop
    expect(position('k7/8/8/8/4(PN)3/8/8/4K3 b - - 0 1').inCheck()).toBe(false);
    // A mixed box attacks for both sides.
    const mixed = position('k7/8/8/8/8/8/8/4K2(Nr) w - - 0 1');
    expect(mixed.inCheck()).toBe(true);
    expect(mixed.isAttacked(parseSquare('g3'), WHITE)).toBe(true);
    expect(mixed.isAttacked(parseSquare('h5'), BLACK)).toBe(true);
    expect(legal(mixed)).toEqual(['e1d2', 'e1e2', 'e1f2']);
  });

  it('a piece in a box pins', () => {
    expect(from(position('k7/8/8/4(nr)3/8/4R3/8/4K3 w - - 0 1'), 'e3')).toEqual(['e3e2', 'e3e4']);
  });

  it('a box blocks sliders, and a piece leaving a box leaves the other behind to block', () => {
    const boxed = position('4r2k/8/8/8/4(NB)3/8/8/4K3 w - - 0 1');
    expect(boxed.inCheck()).toBe(false);
    expect(from(boxed, 'e4')).toHaveLength(8 + 13);
    expect(from(position('4r2k/8/8/8/4N3/8/8/4K3 w - - 0 1'), 'e4')).toEqual([]);
    expect(position('4k3/8/8/8/4(nn)3/8/8/4R2K b - - 0 1').inCheck()).toBe(false);
  });

  it('a double box attack is legal only if the king is safe after each sacrifice', () => {
    // Sacrificing the knight would leave the black rook on e5 with a clear file to e1.
    expect(legalOf('k7/8/8/4(nr)3/8/4R3/8/4K3 w - - 0 1')).not.toContain('e3e5');
    expect(legalOf('k7/8/8/4(nb)3/8/4R3/8/4K3 w - - 0 1')).toContain('e3e5');
    expect(after('k7/8/8/4(nn)3/8/4R3/8/4K3 w - - 0 1', 'e3e5', 'sac=N')).toBe(
      'k7/8/8/4(Rn)3/8/8/8/4K3 b - - 0 1',
    );
    expect(legalOf('k7/8/8/4(rr)3/8/4R3/8/4K3 w - - 0 1')).not.toContain('e3e5');
  });

  it('no legal move: checkmate when in check (by a boxed rook), stalemate otherwise', () => {
    const mate = position('(NR)6k/6pp/8/8/8/8/8/4K3 b - - 0 1');
    expect(legalMoves(mate)).toEqual([]);
    expect(mate.inCheck()).toBe(true);
    const stalemate = position('k7/8/1(PQ)6/8/8/8/8/4K3 b - - 0 1');
    expect(legalMoves(stalemate)).toEqual([]);
    expect(stalemate.inCheck()).toBe(false);
  });
});

describe('docs/rules.md §8: castling', () => {
  const open = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';

  it('castles both ways when every condition holds', () => {
    const moves = legalOf(open);
    expect(moves).toContain('e1g1');
    expect(moves).toContain('e1c1');
    const m = find(position(open), 'e1g1');
    expect(moveKind(m)).toBe(CASTLE);
    expect(after(open, 'e1g1')).toBe('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1');
    expect(after(open, 'e1c1', 'e8g8')).toBe('r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2');
  });

  it('needs the rook alone on its corner', () => {
    const moves = legalOf('r3k2r/8/8/8/8/8/8/R3K2(NR) w KQkq - 0 1');
    expect(moves).not.toContain('e1g1');
    expect(moves).toContain('e1c1');
    expect(legalOf('r3k2r/8/8/8/8/8/8/(Rn)3K2R w KQkq - 0 1')).not.toContain('e1c1');
  });

  it('needs the squares between empty: a box is not empty', () => {
    const moves = legalOf('r3k2r/8/8/8/8/8/8/R3K(NB)1R w KQkq - 0 1');
    expect(moves).not.toContain('e1g1');
    expect(moves).toContain('e1c1');
    expect(legalOf('r3k2r/8/8/8/8/8/8/R(Nb)2K2R w KQkq - 0 1')).not.toContain('e1c1');
  });

  it('attacks from pieces in boxes count', () => {
    const rook = legalOf('r3k2r/8/8/8/5(pr)2/8/8/R3K2R w KQkq - 0 1');
    expect(rook).not.toContain('e1g1');
    expect(rook).toContain('e1c1');
    const knight = legalOf('r3k2r/8/8/8/8/4(pn)3/8/R3K2R w KQkq - 0 1');
    expect(knight).not.toContain('e1g1');
    expect(knight).not.toContain('e1c1');
    // In check from a boxed bishop: no castling.
    const check = legalOf('r3k2r/8/8/8/1(pb)6/8/8/R3K2R w KQkq - 0 1');
    expect(check).not.toContain('e1g1');
    expect(check).not.toContain('e1c1');
  });

  it('rights are lost by a king move, a rook leaving its corner, a rook taken on its corner', () => {
    expect(after(open, 'e1e2')).toBe('r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1');
    expect(after(open, 'a1b1')).toBe('r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 1 1');
    // Rook takes rook on h8 and copies it: white loses K (rook left h1), black loses k.
    expect(after(open, 'h1h8')).toBe('r3k2(RR)/8/8/8/8/8/8/R3K3 b Qq - 0 1');
    expect(after('r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1', 'g2h1')).toBe(
      'r3k2r/8/8/8/8/8/8/R3K2(br) w Qkq - 0 2',
    );
    // A rook leaving a box with its copy: the new rook on h8 never had a right to lose.
    expect(after('r3k2(RR)/8/8/8/8/8/8/R3K3 b Qq - 0 1', 'e8d7', 'Rh8h1')).toBe(
      'r6R/3k4/8/8/8/8/8/R3K2R b Q - 2 2',
    );
  });

  it('in standard mode a rook taken on its corner is an ordinary capture', () => {
    const pos = play(position(open, true), 'h1h8');
    expect(writeSbfen(pos)).toBe('r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1');
  });
});

describe('docs/rules.md, appendix "SBFEN and move text": clocks', () => {
  it('an attack on a box resets the halfmove clock; the defender choice does not change it', () => {
    const pos = position('k7/8/8/3(nr)4/8/8/8/3QK3 w - - 7 30');
    play(pos, 'd1d5');
    expect(pos.halfmove).toBe(0);
    expect(pos.fullmove).toBe(30);
    play(pos, 'sac=N');
    expect(pos.halfmove).toBe(0);
    expect(pos.fullmove).toBe(30);
    play(pos, 'a8b8');
    expect(writeSbfen(pos)).toBe('1k6/8/8/3(Qr)4/8/8/8/4K3 w - - 1 31');
    expect(after('k7/8/8/3(pn)4/8/3(PQ)4/8/4K3 w - - 9 5', 'Qd3d5')).toBe(
      'k7/8/8/3(Qn)4/8/3P4/8/4K3 b - - 0 5',
    );
  });

  it('a join counts as a quiet move, a copy as a capture', () => {
    expect(after('k7/8/8/5P2/8/3B4/8/4K3 w - - 4 9', 'd3f5')).toBe('k7/8/8/5(PB)2/8/8/8/4K3 b - - 5 9');
    expect(after('k7/8/8/3q4/8/8/8/3RK3 w - - 4 9', 'd1d5')).toBe('k7/8/8/3(RQ)4/8/8/8/4K3 b - - 0 9');
  });

  it('the fullmove number goes up when black’s move is complete, after the defender choice', () => {
    const pos = position('k2q4/8/8/3(NR)4/8/8/8/4K3 b - - 3 12');
    play(pos, 'd8d5');
    expect(pos.turn).toBe(WHITE);
    expect(pos.fullmove).toBe(12);
    play(pos, 'sac=N');
    expect(writeSbfen(pos)).toBe('k7/8/8/3(Rq)4/8/8/8/4K3 w - - 0 13');
  });
});

describe('docs/rules.md §9 and appendix: hashing for repetition, make and undo', () => {
  it('keys the en passant square only when a capture there is legal (from a box too)', () => {
    const hash = (sbfen: string) => {
      const p = position(sbfen);
      return [p.hashLo, p.hashHi];
    };
    const dead = 'rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq';
    expect(hash(`${dead} e6 0 2`)).toEqual(hash(`${dead} - 0 2`));
    const live = 'k7/8/8/3p(PN)3/8/8/8/4K3 w -';
    expect(hash(`${live} d6 0 2`)).not.toEqual(hash(`${live} - 0 2`));
  });

  it('tells a box from a lone piece and a box from its reverse-coloured twin', () => {
    const keys = ['k7/8/8/8/3N4/8/8/4K3', 'k7/8/8/8/3(NN)4/8/8/4K3', 'k7/8/8/8/3(Nn)4/8/8/4K3'].map((s) => {
      const p = position(`${s} w - - 0 1`);
      return `${p.hashLo},${p.hashHi}`;
    });
    expect(new Set(keys).size).toBe(3);
  });

  it('comes back to the same hash after the same moves in another order', () => {
    const a = play(position(START_SBFEN), 'g1f3', 'g8f6', 'b1c3', 'b8c6');
    const b = play(position(START_SBFEN), 'b1c3', 'b8c6', 'g1f3', 'g8f6');
    expect([a.hashLo, a.hashHi]).toEqual([b.hashLo, b.hashHi]);
    expect(writeSbfen(a)).toBe(writeSbfen(b));
  });

  it('passes the turn with a null move (for a search) and takes it back exactly', () => {
    // After a double step whose en passant capture is legal, so that its key leaves the hash too.
    const pos = play(position('k7/8/8/8/4p3/8/3P4/4K3 w - - 0 1'), 'd2d4');
    const before = snapshot(pos);
    pos.playNull();
    expect(writeSbfen(pos)).toBe('k7/8/8/8/3Pp3/8/8/4K3 w - - 0 1');
    const scratch = pos.clone();
    scratch.rehash();
    expect([pos.hashLo, pos.hashHi]).toEqual([scratch.hashLo, scratch.hashHi]);
    pos.undo();
    expect(snapshot(pos)).toBe(before);
  });
});

/** Every field of a position, for exact comparison after undo. */
function snapshot(pos: Position): string {
  return JSON.stringify([
    Array.from(pos.first),
    Array.from(pos.second),
    Array.from(pos.kings),
    pos.turn,
    pos.castling,
    pos.epSquare,
    pos.halfmove,
    pos.fullmove,
    pos.boxes,
    pos.pendingSquare,
    pos.pendingPiece,
    pos.hashLo,
    pos.hashHi,
  ]);
}

/** The hash and box count computed from scratch. */
function scratchHash(pos: Position): [number, number, number] {
  const c = pos.clone();
  c.rehash();
  return [c.hashLo, c.hashHi, c.boxes];
}

/**
 * `givesCheck` after each of `moves` agrees with the full test, and no move that `mayGiveCheck`
 * clears before it is played checks; returns how many check, and counts in `cleared` the quiet
 * moves that give none and those of them `mayGiveCheck` clears.
 */
function agreeOnCheck(
  pos: Position,
  moves: Move[],
  game: number,
  ply: number,
  cleared: { quiet: number; sure: number },
): number {
  let checks = 0;
  for (const m of moves) {
    const may = mayGiveCheck(pos, m);
    const quiet = moveKind(m) === QUIET || moveKind(m) === DOUBLE_PUSH || moveKind(m) === JOIN;
    pos.play(m);
    const check = pos.inCheck();
    if (givesCheck(pos, m) !== check) throw new Error(`game ${game} ply ${ply}: givesCheck wrong for ${m}`);
    if (check && !may) throw new Error(`game ${game} ply ${ply}: mayGiveCheck cleared a check, ${m}`);
    if (check) checks++;
    if (quiet && !check) {
      cleared.quiet++;
      if (!may) cleared.sure++;
    }
    pos.undo();
  }
  return checks;
}

describe('random games: incremental hash, exact undo, check after each move', () => {
  const GAMES = 300;
  const PLIES = 150;

  for (const standard of [false, true]) {
    it(`${GAMES / 2} games in ${standard ? 'standard' : 'shared-box'} mode`, () => {
      const random = prng(standard ? 2 : 1);
      const cleared = { quiet: 0, sure: 0 };
      const kinds = new Map<number, number>();
      let checks = 0;
      for (let g = 0; g < GAMES / 2; g++) {
        const pos = position(START_SBFEN, standard);
        const start = writeSbfen(pos);
        const states = [snapshot(pos)];
        const moves: Move[] = [];
        for (let ply = 0; ply < PLIES; ply++) {
          const options = legalMoves(pos);
          if (options.length === 0) break;
          checks += agreeOnCheck(pos, options, g, ply, cleared);
          // Prefer captures and box moves half of the time, so that boxes come and go.
          const sharp = options.filter((m) => moveKind(m) >= 2 && moveKind(m) !== CASTLE);
          const pool = sharp.length > 0 && random() < 0.5 ? sharp : options;
          const m = pool[Math.floor(random() * pool.length)];
          const kind = moveKind(m);
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          pos.play(m);
          moves.push(m);
          const [lo, hi, boxes] = scratchHash(pos);
          if (pos.hashLo !== lo || pos.hashHi !== hi || pos.boxes !== boxes) {
            throw new Error(`game ${g} ply ${ply}: hash or box count drifted after ${moveKind(m)}`);
          }
          // Every few plies, the position also reads back from its SBFEN.
          if (ply % 8 === 7 && pos.pendingSquare < 0) {
            const text = writeSbfen(pos);
            const back = parseSbfen(text, standard);
            if (!back.ok || writeSbfen(back.value) !== text)
              throw new Error(`game ${g}: ${text} does not read back`);
          }
          states.push(snapshot(pos));
        }
        for (let i = moves.length - 1; i >= 0; i--) {
          pos.undo();
          if (snapshot(pos) !== states[i]) throw new Error(`game ${g}: undo of ply ${i} differs`);
        }
        expect(pos.ply).toBe(0);
        expect(writeSbfen(pos)).toBe(start);
      }
      // The games went through the cases that matter, and most quiet moves that give no check
      // are known not to before they are played.
      expect(checks).toBeGreaterThan(1000);
      expect(cleared.sure / cleared.quiet).toBeGreaterThan(0.6);
      const seen = (k: number) => kinds.get(k) ?? 0;
      expect(seen(EN_PASSANT)).toBeGreaterThan(0);
      expect(seen(CASTLE)).toBeGreaterThan(0);
      if (standard) {
        expect(seen(JOIN) + seen(COPY) + seen(ATTACK_PAWN_BOX) + seen(ATTACK_DOUBLE_BOX)).toBe(0);
      } else {
        for (const k of [JOIN, COPY, ATTACK_PAWN_BOX, ATTACK_DOUBLE_BOX, SACRIFICE])
          expect(seen(k)).toBeGreaterThan(0);
      }
    });
  }
});
