import { attacks } from './check.ts';
import { type RuleError, ruleError } from './errors.ts';
import { moveTo } from './move.ts';
import { generatePseudo, MAX_MOVES } from './movegen.ts';
import {
  COLOR_NAMES,
  type Color,
  colorOf,
  KING,
  KNIGHT,
  PAWN,
  type Piece,
  typeName,
  typeOf,
} from './piece.ts';
import type { Position } from './position.ts';
import { err, ok, type Result } from './result.ts';
import { KING_STEPS, type Square, squareName } from './square.ts';
import { positionStatus } from './status.ts';

/**
 * The rules' sections (docs/rules.md) a mate's reasons come from: 5 "Attacking a shared box",
 * 6 "Special attack cases", 8 "King, check and checkmate".
 */
export type MateSection = 5 | 6 | 8;

/** Why the side to move is checkmated, read from the position. */
export interface MateExplanation {
  /** The mated king's square. */
  king: Square;
  /** The squares of the pieces that give check (both pieces of a box may). */
  checkers: Square[];
  /** One sentence: who gives check and, where a box is involved, why taking it does not help. */
  text: string;
  /** The rules section that explains it best. */
  section: MateSection;
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
/** 'a, b and c'; with `comma`, 'a, b, and c' (for clauses that have an 'and' of their own). */
const and = (parts: string[], comma = false) =>
  parts.length < 2
    ? parts.join('')
    : `${parts.slice(0, -1).join(', ')}${comma ? ',' : ''} and ${parts[parts.length - 1]}`;

/** 'the white queen', 'the white queen and pawn', 'both white knights'. */
function pieceNames(pieces: Piece[]): string {
  const color = COLOR_NAMES[colorOf(pieces[0])];
  const names = pieces.map((p) => typeName(typeOf(p)));
  if (names.length === 2 && names[0] === names[1]) return `both ${color} ${names[0]}s`;
  return `the ${color} ${names.join(' and ')}`;
}

/** What a square holding a box is called, from the mating side's view. */
function boxKind(pos: Position, sq: Square): string | null {
  const x = pos.first[sq];
  const y = pos.second[sq];
  if (y === 0) return null;
  if (colorOf(x) !== colorOf(y)) return 'mixed box';
  return typeOf(x) === PAWN || typeOf(y) === PAWN ? 'pawn box' : 'double box';
}

/** Whether one of `moves` (pseudo-legal ones of the side to move) lands on `sq`. */
const reaches = (moves: Int32Array, sq: Square) => moves.some((m) => moveTo(m) === sq);

/** Whether the check from `sq` leaves no square between it and the king to block (a knight, a pawn, a neighbour). */
function adjacentOrLeap(pos: Position, sq: Square, king: Square): boolean {
  const t = typeOf(pos.first[sq]);
  return t === KNIGHT || t === PAWN || KING_STEPS.some((d) => sq + d === king);
}

/**
 * Why the side to move is checkmated: the checking pieces found by attack geometry and, for a
 * checker in a box, the box rule that keeps capturing it from helping (a king never attacks a
 * box; an attack on a pawn box takes the pawn; the defender of a double box chooses what it gives
 * up; nobody attacks a mixed box). Refused with `notCheckmate` for any other position.
 */
export function explainMate(pos: Position): Result<MateExplanation, RuleError> {
  if (pos.pendingSquare >= 0 || positionStatus(pos).status !== 'checkmate')
    return err(ruleError('notCheckmate'));
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  const king = pos.kings[us];
  const loser = cap(COLOR_NAMES[us]);
  const winner = cap(COLOR_NAMES[them]);
  const all = new Int32Array(MAX_MOVES);
  const moves = all.subarray(0, generatePseudo(pos, all));
  const checkers: Square[] = [];
  const named: string[] = [];
  const reasons: string[] = [];
  let section: MateSection = 8;
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) continue;
    const own = [pos.first[sq], pos.second[sq]].filter((p) => p !== 0 && colorOf(p) === them);
    const giving = own.filter((p) => typeOf(p) !== KING && attacks(pos, p, sq, king));
    if (giving.length === 0) continue;
    checkers.push(sq);
    const kind = boxKind(pos, sq);
    const where = `${kind ? `in the ${kind}` : ''} on ${squareName(sq)}`.trim();
    named.push(`${pieceNames(giving)} ${where}`);
    if (!kind) continue;
    if (KING_STEPS.some((d) => sq + d === king)) {
      reasons.push('a king never attacks a box');
      section = 6;
    }
    if (kind === 'mixed box') {
      reasons.push('nobody may attack a mixed box');
      section = 6;
      continue;
    }
    if (!reaches(moves, sq)) continue;
    const strong = own.find((p) => typeOf(p) !== PAWN)!;
    if (kind === 'pawn box' && giving.includes(strong)) {
      reasons.push(
        `an attack on the box takes the pawn first and leaves the ${typeName(typeOf(strong))} there, still giving check`,
      );
      section = 5;
    } else if (kind === 'double box') {
      reasons.push(
        giving.length === 2
          ? `an attack on the box lets ${winner} choose which piece to give up, and either one left gives check`
          : `an attack on the box lets ${winner} choose which piece to give up, so ${winner} keeps the ${typeName(typeOf(giving[0]))}`,
      );
      section = 5;
    }
  }
  const gives = named.length > 1 || / and |both /.test(named[0]) ? 'give' : 'gives';
  const why = reasons.length
    ? `: ${and([...new Set(reasons)], true)}`
    : checkers.length > 1
      ? ', and only a king move could answer two checks, but the king has no safe square'
      : `, and ${loser} can neither take it${adjacentOrLeap(pos, checkers[0], king) ? '' : ', block it'} nor move the king to safety`;
  return ok({ king, checkers, text: `${cap(and(named))} ${gives} check${why}.`, section });
}
