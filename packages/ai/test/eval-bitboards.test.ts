import {
  BISHOP,
  BOX_LIMIT,
  KING_STEPS,
  KNIGHT,
  PAWN,
  type Position,
  QUEEN,
  SQUARES,
  START_SBFEN,
} from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { activity, development, shield } from '../src/evaluate.ts';
import { seededRandom } from '../src/index.ts';
import { pawnStructure } from '../src/pawns.ts';
import { WEIGHTS, weightsOf } from '../src/weights.ts';
import { playSharp, position } from './helpers.ts';

const STEPS = [
  [],
  [],
  [-33, -31, -18, -14, 14, 18, 31, 33],
  [-17, -15, 15, 17],
  [-16, -1, 1, 16],
  [-17, -16, -15, -1, 1, 15, 16, 17],
];

/** `activity` the plain way: every strong piece walks its steps and rays on the mailbox. */
function walked(pos: Position, kingSafety: boolean): number {
  const canCreate = pos.boxes < BOX_LIMIT && !pos.standard;
  const attackers = [0, 0];
  const weight = [0, 0];
  let s = 0;
  for (const sq of SQUARES)
    for (const piece of [pos.first[sq], pos.second[sq]]) {
      const t = piece & 7;
      if (t < KNIGHT || t > QUEEN) continue;
      const color = piece >> 3;
      const join = canCreate && pos.second[sq] === 0;
      const enemyKing = pos.kings[color ^ 1];
      let moves = 0;
      let near = 0;
      for (const d of STEPS[t])
        for (let to = sq + d; !(to & 0x88); to += d) {
          if ((KING_STEPS as readonly number[]).includes(to - enemyKing)) near++;
          const x = pos.first[to];
          const y = pos.second[to];
          if (x === 0) {
            moves++;
            if (t === KNIGHT) break;
            continue;
          }
          const own = x >> 3 === color || (y !== 0 && y >> 3 === color);
          const start = color === 0 ? 1 : 6;
          if (!own || (y === 0 && (x & 7) === PAWN && join && to >> 4 !== start)) moves++;
          break;
        }
      s += (color === 0 ? 1 : -1) * weightsOf(pos).mobility[t] * (moves - 4);
      if (near > 0) {
        attackers[color]++;
        weight[color] += weightsOf(pos).kingAttack[t] * near;
      }
    }
  if (!kingSafety) return s;
  for (const color of [0, 1]) {
    const sign = color === 0 ? 1 : -1;
    if (attackers[color] >= 2) s += sign * ((weight[color] * attackers[color]) >> 1);
    s += sign * shield(pos, color);
  }
  return s;
}

/** Doubled, isolated and passed pawns the plain way: every pawn looks at all the others. */
function pawnsWalked(pos: Position, endgame: boolean): number {
  const pawns: [number, number][] = [];
  for (const sq of SQUARES)
    for (const piece of [pos.first[sq], pos.second[sq]])
      if ((piece & 7) === PAWN) pawns.push([sq, piece >> 3]);
  const onFile = (file: number, color: number) =>
    pawns.filter(([t, c]) => c === color && (t & 7) === file).length;
  let s = 0;
  let passed = 0;
  for (const [sq, color] of pawns) {
    const sign = color === 0 ? 1 : -1;
    const file = sq & 7;
    if (onFile(file, color) > 1) s += sign * weightsOf(pos).doubledPawn;
    if (onFile(file - 1, color) === 0 && onFile(file + 1, color) === 0)
      s += sign * weightsOf(pos).isolatedPawn;
    const stopped = pawns.some(
      ([t, c]) =>
        c !== color && Math.abs((t & 7) - file) <= 1 && (color === 0 ? t >> 4 > sq >> 4 : t >> 4 < sq >> 4),
    );
    if (!stopped) passed += sign * weightsOf(pos).passedPawn[color === 0 ? sq >> 4 : 7 - (sq >> 4)];
  }
  return s + (endgame ? 2 : 1) * passed + (pos.standard ? chessPawnsWalked(pawns, endgame) : 0);
}

/** Standard mode's connected and backward pawns, pawn by pawn over the mailbox (0x88 squares). */
function chessPawnsWalked(pawns: [number, number][], endgame: boolean): number {
  const { connectedPawn, supportedPawn, backwardPawn } = WEIGHTS.chess;
  const at = (sq: number, color: number) => pawns.some(([t, c]) => t === sq && c === color);
  let s = 0;
  for (const [sq, color] of pawns) {
    const sign = color === 0 ? 1 : -1;
    const fwd = color === 0 ? 16 : -16;
    const rank = color === 0 ? sq >> 4 : 7 - (sq >> 4);
    const file = sq & 7;
    const mine = ([t, c]: [number, number]) => c === color && Math.abs((t & 7) - file) === 1;
    const phalanx = pawns.some((q) => mine(q) && q[0] >> 4 === sq >> 4) ? 1 : 0;
    const defended = at(sq - fwd - 1, color) || at(sq - fwd + 1, color) ? 1 : 0;
    if (phalanx + defended > 0) {
      const opposed = pawns.some(
        ([t, c]) => c !== color && (t & 7) === file && (color === 0 ? t > sq : t < sq),
      );
      const v = ((connectedPawn[rank] * (2 + phalanx - (opposed ? 1 : 0))) >> 1) + supportedPawn * defended;
      s += sign * (endgame ? (v * Math.max(rank - 2, 0)) >> 2 : v);
      continue;
    }
    const neighbours = pawns.filter(mine);
    const helped = neighbours.some(([t]) => (color === 0 ? t >> 4 <= sq >> 4 : t >> 4 >= sq >> 4));
    const stopHit = at(sq + 2 * fwd - 1, color ^ 1) || at(sq + 2 * fwd + 1, color ^ 1);
    if (neighbours.length > 0 && !helped && stopHit) s += sign * backwardPawn[endgame ? 1 : 0];
  }
  return s;
}

/** Minor pieces alone on their home squares, queens gone from theirs, square by square. */
function developmentWalked(pos: Position): number {
  let s = 0;
  for (const [sq, type, sign] of [
    [0x01, KNIGHT, 1],
    [0x06, KNIGHT, 1],
    [0x02, BISHOP, 1],
    [0x05, BISHOP, 1],
    [0x71, 8 | KNIGHT, -1],
    [0x76, 8 | KNIGHT, -1],
    [0x72, 8 | BISHOP, -1],
    [0x75, 8 | BISHOP, -1],
  ])
    if (pos.first[sq] === type && pos.second[sq] === 0) s += sign * weightsOf(pos).minorAtHome;
  if (pos.first[0x03] === 0) s += weightsOf(pos).earlyQueen;
  if (pos.first[0x73] === 0) s -= weightsOf(pos).earlyQueen;
  return s;
}

describe('evaluation terms from bitboards', () => {
  it('equal walks over the mailbox in random games, boxes and a double box of two knights included', () => {
    const random = seededRandom(11);
    const starts = [
      START_SBFEN,
      'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14',
      '4k3/1p4p1/2n5/3(NN)2r1/8/1P3(QB)2/6P1/R3K3 w Q - 0 30',
    ];
    let checked = 0;
    // Standard mode's games from the start and from a queen's gambit with uneven pawns.
    const standard = [START_SBFEN, 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9'];
    for (let game = 0; game < 60; game++) {
      const pos = game % 5 === 4 ? position(standard[game % 2], true) : position(starts[game % 3]);
      for (let ply = 0; ply < 60; ply++) {
        if (pos.pendingSquare < 0) {
          for (const kingSafety of [false, true])
            expect(activity(pos, kingSafety)).toBe(walked(pos, kingSafety));
          // A fresh key each time, so that the cache counts again.
          checked++;
          expect(development(pos)).toBe(developmentWalked(pos));
          for (const endgame of [false, true])
            expect(pawnStructure(pos, checked, 0, endgame)).toBe(pawnsWalked(pos, endgame));
        }
        if (!playSharp(pos, random)) break;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
