import { describe, expect, it } from 'vitest';
import { ATTACK, pawnAttackSet } from '../src/bitboard.ts';
import { JOIN, moveKind } from '../src/move.ts';
import { legalMoves } from '../src/movegen.ts';
import { BISHOP, type Color, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../src/piece.ts';
import type { Position } from '../src/position.ts';
import { START_SBFEN } from '../src/sbfen.ts';
import {
  bitOf,
  DIAGONALS,
  halfOf,
  KING_STEPS,
  KNIGHT_STEPS,
  ORTHOGONALS,
  SQUARES,
  type Square,
} from '../src/square.ts';
import { position, prng } from './helpers.ts';

/** `pieces` recounted from the mailbox: entry 0 holds the squares that are not boxes. */
function recount(pos: Position): number[] {
  const p = new Array<number>(32).fill(0);
  for (const sq of SQUARES) {
    const h = halfOf(sq);
    const bit = bitOf(sq);
    for (const piece of [pos.first[sq], pos.second[sq]]) if (piece) p[(piece << 1) | h] |= bit;
    if (pos.second[sq] === 0) p[h] |= bit;
  }
  return p.map((w) => w | 0);
}

/** isAttacked the plain way: walking each step and ray from `sq` on the mailbox. */
function attackedByWalk(pos: Position, sq: Square, by: Color): boolean {
  const c = by << 3;
  const has = (t: number, types: number[]) =>
    !(t & 0x88) && types.some((type) => pos.first[t] === (c | type) || pos.second[t] === (c | type));
  const pawnFrom = by === 0 ? [-15, -17] : [15, 17];
  if (pawnFrom.some((d) => has(sq + d, [PAWN]))) return true;
  if (KNIGHT_STEPS.some((d) => has(sq + d, [KNIGHT]))) return true;
  if (KING_STEPS.some((d) => has(sq + d, [KING]))) return true;
  const slides = (steps: readonly number[], types: number[]) =>
    steps.some((d) => {
      let t = sq + d;
      while (!(t & 0x88) && pos.first[t] === 0) t += d;
      return has(t, types);
    });
  return slides(DIAGONALS, [BISHOP, QUEEN]) || slides(ORTHOGONALS, [ROOK, QUEEN]);
}

function agrees(pos: Position, where: string): void {
  expect(Array.from(pos.pieces), where).toEqual(recount(pos));
  for (const sq of SQUARES)
    for (const by of [0, 1] as Color[])
      if (pos.isAttacked(sq, by) !== attackedByWalk(pos, sq, by))
        throw new Error(`${where}: isAttacked(${sq}, ${by}) is wrong`);
  // With the side to move's king lifted, as its own moves are tested.
  const king = pos.kings[pos.turn];
  const by = (pos.turn ^ 1) as Color;
  const k = pos.first[king];
  const lifted = SQUARES.map((sq) => pos.isAttacked(sq, by, king));
  pos.first[king] = 0;
  const walked = SQUARES.map((sq) => attackedByWalk(pos, sq, by));
  pos.first[king] = k;
  expect(lifted, `${where}: lifted king`).toEqual(walked);
}

describe('piece bitboards', () => {
  it('follow the mailbox through random play and undo, and answer isAttacked as a walk does', () => {
    const random = prng(7);
    const MIDDLEGAME = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';
    let boxMoves = 0;
    for (let g = 0; g < 40; g++) {
      const pos = position(g % 2 ? MIDDLEGAME : START_SBFEN);
      agrees(pos, `game ${g} start`);
      let ply = 0;
      for (; ply < 80; ply++) {
        const options = legalMoves(pos);
        if (options.length === 0) break;
        const sharp = options.filter((m) => moveKind(m) >= 2);
        const pool = sharp.length > 0 && random() < 0.5 ? sharp : options;
        const m = pool[Math.floor(random() * pool.length)];
        if (moveKind(m) >= JOIN) boxMoves++;
        pos.play(m);
        agrees(pos, `game ${g} ply ${ply}`);
        // Now and then take a move back and go on from there.
        if (random() < 0.2) {
          pos.undo();
          agrees(pos, `game ${g} undo at ply ${ply}`);
        }
      }
      while (pos.ply > 0) pos.undo();
      agrees(pos, `game ${g} unwound`);
      expect(pos.clone().pieces).toEqual(pos.pieces);
    }
    expect(boxMoves).toBeGreaterThan(50);
  });
});

describe('pawnAttackSet', () => {
  it('attacks what each pawn of the set attacks, step by step on the board, for both colours', () => {
    const random = prng(5);
    for (let round = 0; round < 500; round++) {
      const pawns = SQUARES.filter(() => random() < 0.25);
      const lo = pawns.filter((sq) => halfOf(sq) === 0).reduce((w, sq) => w | bitOf(sq), 0);
      const hi = pawns.filter((sq) => halfOf(sq) === 1).reduce((w, sq) => w | bitOf(sq), 0);
      for (const color of [0, 1]) {
        const expected = [0, 0];
        for (const sq of pawns)
          for (const d of color === 0 ? [15, 17] : [-15, -17])
            if (!((sq + d) & 0x88)) expected[halfOf(sq + d)] |= bitOf(sq + d);
        pawnAttackSet(color, lo, hi);
        expect(Array.from(ATTACK)).toEqual(expected);
      }
    }
  });
});
