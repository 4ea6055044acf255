import {
  ATTACK,
  BISHOP,
  BOX_LIMIT,
  bitOf,
  indexOf,
  KING_ATTACKS,
  KNIGHT,
  PAWN,
  type Position,
  pieceAttacks,
  popcount2,
  QUEEN,
  SQUARE_OF_BIT,
  WHITE,
} from '@sbc/rules';
import {
  Accumulator,
  buildSums,
  T_BALANCE,
  T_BOXES,
  T_END,
  T_MATERIAL,
  T_MIDDLE,
  T_PAWN_HI,
  T_PAWN_LO,
  T_PHASE,
  T_QUEENS,
} from './accumulator.ts';
import {
  CHESS_TERMS,
  chessTerms,
  endgameMobility,
  MOBILITY,
  PIECE_ATTACKS,
  passerPaths,
  safeChecks,
  threats,
} from './chess-terms.ts';
import { clearPawnCache, passerKings, pawnStructure } from './pawns.ts';
import { buildTables } from './pst.ts';
import { type Mode, type PieceTables, TABLES } from './tables.ts';
import { WEIGHTS, type Weights, weightsOf } from './weights.ts';

export type EvalKind = 'material' | 'standard' | 'advanced';

export interface EvalConfig {
  kind: EvalKind;
  /** The level's shared-box bonus; each own same-colour box is worth `10 * boxBonus` centipawns. */
  boxBonus: number;
}

export type Phase = 'opening' | 'middlegame' | 'endgame';

/**
 * Opening below ply 16 (development counts then); endgame under 2000 material (both sides, kings
 * aside) or with no queen (king safety no longer counts).
 */
export function gamePhase(plies: number, material: number, queens: number): Phase {
  if (plies < 16) return 'opening';
  return material < 2000 || queens === 0 ? 'endgame' : 'middlegame';
}

/** T_PHASE of the start position: at or above it, the middlegame values alone count. */
export const FULL_PHASE = 24;

/**
 * The middlegame value's share `blend` / FULL_PHASE, the endgame value's the rest, rounded half
 * away from zero in integers: Math.round takes 2.5 to 3 but -2.5 to -2 (which favoured white) and
 * -0.4 to -0, a float.
 */
export function taper(middle: number, end: number, blend: number): number {
  const sum = middle * blend + end * (FULL_PHASE - blend);
  return ((sum + (sum >= 0 ? FULL_PHASE >> 1 : -(FULL_PHASE >> 1))) / FULL_PHASE) | 0;
}

/** Plies played since the start, from the fullmove number and the side to move. */
export const gamePlies = (pos: Position): number => 2 * (pos.fullmove - 1) + pos.turn;

/**
 * Static evaluation in centipawns from the side to move's point of view. The position must be
 * complete (no pending defender choice); `acc` holds its sums (the search keeps one up to date,
 * other callers get a fresh count). With a window (`alpha`, `beta`, side to move's view), the
 * advanced terms are skipped when the rest is far outside it (see `wasLazy`).
 */
export function evaluate(
  pos: Position,
  cfg: EvalConfig,
  alpha = -Infinity,
  beta = Infinity,
  acc: Accumulator = Accumulator.of(pos),
): number {
  lazy = false;
  const t = acc.terms;
  const at = acc.at;
  if (acc.deadDraw()) return 0;

  // An own-colour box (pawn box or double box) earns the level's bonus; a mixed box is neutral.
  let score = t[at + T_BOXES] * cfg.boxBonus * 10;
  if (cfg.kind === 'material') score += t[at + T_BALANCE];
  else {
    const phase = gamePhase(gamePlies(pos), t[at + T_MATERIAL], t[at + T_QUEENS]);
    // The tables and passed pawns blend from middlegame to endgame as the pieces go: no step in
    // the score when a queen or a rook leaves the board.
    const blend = Math.min(t[at + T_PHASE], FULL_PHASE);
    score += taper(t[at + T_MIDDLE], t[at + T_END], blend);
    if (phase === 'opening') score += development(pos);
    if (cfg.kind === 'advanced') {
      const lo = t[at + T_PAWN_LO];
      const hi = t[at + T_PAWN_HI];
      score += taper(pawnStructure(pos, lo, hi, false), pawnStructure(pos, lo, hi, true), blend);
      if (pos.standard) {
        chessTerms(pos);
        score += taper(CHESS_TERMS[0], CHESS_TERMS[1] + passerKings(pos, lo, hi), blend);
      }
      // Lazy evaluation: the terms below nearly always stay inside the mode's margin, so far
      // outside the window they cannot change what the search does with this score.
      const own = pos.turn === WHITE ? score : -score;
      const margin = pos.standard ? LAZY_MARGIN_CHESS : LAZY_MARGIN_SHAREDBOX;
      lazy = own + margin <= alpha || own - margin >= beta;
      if (lazy) return own;
      score += activity(pos, phase !== 'endgame');
      if (pos.standard) {
        threats(pos);
        passerPaths(pos, lo, hi);
        score += taper(CHESS_TERMS[0] + safeChecks(pos), CHESS_TERMS[1] + endgameMobility(), blend);
      }
    }
  }
  return pos.turn === WHITE ? score : -score;
}

/**
 * Makes `next` the evaluation's weights of `mode` (the tuner's trials), in place, so that every
 * table built from them and every cache of scores follows. A searcher's own cache is its caller's
 * to clear.
 */
export function useWeights<M extends Mode>(next: (typeof WEIGHTS)[M], mode: M): void {
  const weights = WEIGHTS[mode];
  // Standard mode's own fields too: the keys are those of `next`.
  for (const key of Object.keys(next) as (keyof Weights)[]) {
    const value = next[key];
    if (Array.isArray(value)) (weights[key] as number[]).splice(0, value.length, ...value);
    else (weights[key] as number) = value;
  }
  rebuild();
}

/** Makes `next` the piece-square tables of `mode` (the table tuner's result), in place, as `useWeights` does. */
export function useTables(next: PieceTables, mode: Mode): void {
  for (const phase of ['middle', 'end'] as const)
    next[phase].forEach((table, t) => {
      TABLES[mode][phase][t].splice(0, table.length, ...table);
    });
  rebuild();
}

function rebuild(): void {
  buildTables();
  buildSums();
  clearPawnCache();
}

/** Whether the last `evaluate` stopped short (lazily) because the score was far outside its window. */
export const wasLazy = (): boolean => lazy;
let lazy = false;
/**
 * The lazy cut's margins: the terms after it exceed 250 cp in 0.2 % of standard-mode positions;
 * in the variant, with its tuned mobility, they exceed 400 in 3.4 % (docs/engine.md §3).
 */
const LAZY_MARGIN_CHESS = 250;
const LAZY_MARGIN_SHAREDBOX = 400;

/** Opening: minor pieces still at home and an early queen sortie cost a little. Exported for its test. */
export function development(pos: Position): number {
  const p = pos.pieces;
  const o = pos.occupied;
  const { minorAtHome, earlyQueen } = weightsOf(pos);
  // Minor pieces alone (entry 0 of `pieces`: the squares that are not boxes) on their homes.
  const white = p[0] & ((p[KNIGHT << 1] & KNIGHT_HOMES[0]) | (p[BISHOP << 1] & BISHOP_HOMES[0]));
  const black =
    p[1] & ((p[((8 | KNIGHT) << 1) | 1] & KNIGHT_HOMES[1]) | (p[((8 | BISHOP) << 1) | 1] & BISHOP_HOMES[1]));
  let s = 0;
  s += minorAtHome * (popcount2(white, 0) - popcount2(black, 0));
  if (((o[0] | o[2]) & QUEEN_HOMES[0]) === 0) s += earlyQueen;
  if (((o[1] | o[3]) & QUEEN_HOMES[1]) === 0) s -= earlyQueen;
  return s;
}
/** Home squares by colour, each in its half's word: white's in the low one, black's in the high. */
const KNIGHT_HOMES = [bitOf(0x01) | bitOf(0x06), bitOf(0x71) | bitOf(0x76)];
const BISHOP_HOMES = [bitOf(0x02) | bitOf(0x05), bitOf(0x72) | bitOf(0x75)];
const QUEEN_HOMES = [bitOf(0x03), bitOf(0x73)];

/** Each colour's pawn start rank as a square set (two words): rank 2, rank 7. */
const START_RANK = Int32Array.of(0xff00, 0, 0, 0xff0000);

/**
 * Mobility and king safety, box-aware: a piece counts the squares it could move to by
 * docs/rules.md §2 to §5 (an own lone pawn off its start rank is a square to join, an enemy
 * same-colour box a square to attack, any other box is closed), and squares next to the enemy
 * king it attacks. Exported for its test.
 */
export function activity(pos: Position, kingSafety: boolean): number {
  const s = side(pos, 0, kingSafety) - side(pos, 1, kingSafety);
  return kingSafety ? s + shield(pos, 0) - shield(pos, 1) : s;
}

/** One colour's share of `activity`, from its own side; its king attack counts only with `kingSafety`. */
function side(pos: Position, color: number, kingSafety: boolean): number {
  const p = pos.pieces;
  const o = pos.occupied;
  const occLo = o[0] | o[2];
  const occHi = o[1] | o[3];
  // Where a strong piece may go: every square without an own piece (empty, an enemy lone piece,
  // an enemy same-colour box), and, to join, own pawns alone (entry 0 of `pieces`: the squares
  // that are not boxes) off their start rank.
  const openLo = ~o[2 * color];
  const openHi = ~o[2 * color + 1];
  const pawns = ((color << 3) | PAWN) << 1;
  const canCreate = pos.boxes < BOX_LIMIT && !pos.standard;
  const joinLo = canCreate ? openLo | (p[pawns] & p[0] & ~START_RANK[2 * color]) : openLo;
  const joinHi = canCreate ? openHi | (p[pawns | 1] & p[1] & ~START_RANK[2 * color + 1]) : openHi;
  const king = indexOf(pos.kings[color ^ 1]) << 1;
  const zoneLo = KING_ATTACKS[king];
  const zoneHi = KING_ATTACKS[king | 1];
  const { mobility: mobilityWeight, kingAttack } = weightsOf(pos);
  let mobility = 0;
  let attackers = 0;
  let weight = 0;
  for (let t = KNIGHT; t <= QUEEN; t++) {
    const type = ((color << 3) | t) << 1;
    MOBILITY[type >> 1] = 0;
    PIECE_ATTACKS[type] = 0;
    PIECE_ATTACKS[type | 1] = 0;
    for (let half = 0; half < 2; half++)
      for (let w = p[type | half]; w !== 0; w &= w - 1) {
        const low = w & -w;
        const i = (half << 5) | (31 - Math.clz32(low));
        const alone = (p[half] & low) !== 0;
        // A double box may hold two of this piece: both count.
        const copies = alone || pos.first[SQUARE_OF_BIT[i]] !== pos.second[SQUARE_OF_BIT[i]] ? 1 : 2;
        pieceAttacks(t, i, occLo, occHi);
        const lo = ATTACK[0];
        const hi = ATTACK[1];
        PIECE_ATTACKS[type] |= lo;
        PIECE_ATTACKS[type | 1] |= hi;
        // A piece that starts in a box may not make one.
        const moves = alone ? popcount2(lo & joinLo, hi & joinHi) : popcount2(lo & openLo, hi & openHi);
        mobility += copies * mobilityWeight[t] * (moves - 4);
        MOBILITY[type >> 1] += copies * (moves - 4);
        const nearLo = lo & zoneLo;
        const nearHi = hi & zoneHi;
        if ((nearLo | nearHi) !== 0) {
          attackers += copies;
          weight += copies * kingAttack[t] * popcount2(nearLo, nearHi);
        }
      }
  }
  // Attacks only bite with two or more attackers; the pawn shield softens them.
  return kingSafety && attackers >= 2 ? mobility + ((weight * attackers) >> 1) : mobility;
}

/** Own pawns (in boxes too) on the three squares in front of a king still on its back ranks. */
export function shield(pos: Position, color: number): number {
  const king = pos.kings[color];
  const rank = king >> 4;
  if (color === 0 ? rank > 1 : rank < 6) return 0;
  const pawn = (color << 3) | PAWN;
  const fwd = color === 0 ? 16 : -16;
  const [front, ahead, none] = weightsOf(pos).shield;
  let s = 0;
  for (let df = -1; df <= 1; df++) {
    const f = (king & 7) + df;
    if (f < 0 || f > 7) continue;
    const one = king + fwd + df;
    const two = one + fwd;
    if (pos.first[one] === pawn || pos.second[one] === pawn) s += front;
    else if (!(two & 0x88) && (pos.first[two] === pawn || pos.second[two] === pawn)) s += ahead;
    else s += none;
  }
  return s;
}
