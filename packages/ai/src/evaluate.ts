import { BISHOP, BOX_LIMIT, KNIGHT, lowestSquare, PAWN, type Position, QUEEN, WHITE } from '@sbc/rules';
import {
  Accumulator,
  buildSums,
  T_BALANCE,
  T_BOXES,
  T_END,
  T_MAJORS,
  T_MATERIAL,
  T_MIDDLE,
  T_MINORS,
  T_PAWN_HI,
  T_PAWN_LO,
  T_QUEENS,
} from './accumulator.ts';
import { clearPawnCache, pawnStructure } from './pawns.ts';
import { buildTables } from './pst.ts';
import { WEIGHTS, type Weights } from './weights.ts';

export type EvalKind = 'material' | 'standard' | 'advanced';

export interface EvalConfig {
  kind: EvalKind;
  /** The level's shared-box bonus; each own same-colour box is worth `10 * boxBonus` centipawns. */
  boxBonus: number;
}

export type Phase = 'opening' | 'middlegame' | 'endgame';

/** Opening below ply 16; endgame under 2000 material (both sides, kings aside) or with no queen. */
export function gamePhase(plies: number, material: number, queens: number): Phase {
  if (plies < 16) return 'opening';
  return material < 2000 || queens === 0 ? 'endgame' : 'middlegame';
}

/** Plies played since the start, from the fullmove number and the side to move. */
export const gamePlies = (pos: Position): number => 2 * (pos.fullmove - 1) + pos.turn;

const KNIGHT_STEPS = [-33, -31, -18, -14, 14, 18, 31, 33];
const DIAGONALS = [-17, -15, 15, 17];
const ORTHOGONALS = [-16, -1, 1, 16];

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
  // Kings and at most one knight or bishop: a dead draw (docs/rules.md §9).
  if (t[at + T_MAJORS] === 0 && t[at + T_MINORS] <= 1) return 0;

  // An own-colour box (pawn box or double box) earns the level's bonus; a mixed box is neutral.
  let score = t[at + T_BOXES] * cfg.boxBonus * 10;
  if (cfg.kind === 'material') score += t[at + T_BALANCE];
  else {
    const phase = gamePhase(gamePlies(pos), t[at + T_MATERIAL], t[at + T_QUEENS]);
    score += phase === 'endgame' ? t[at + T_END] : t[at + T_MIDDLE];
    if (phase === 'opening') score += development(pos);
    if (cfg.kind === 'advanced') {
      score += pawnStructure(pos, t[at + T_PAWN_LO], t[at + T_PAWN_HI], phase === 'endgame');
      // Lazy evaluation: mobility and king safety stay well inside LAZY_MARGIN, so far outside
      // the window they cannot change what the search does with this score.
      const own = pos.turn === WHITE ? score : -score;
      lazy = own + LAZY_MARGIN <= alpha || own - LAZY_MARGIN >= beta;
      if (lazy) return own;
      score += activity(pos, phase !== 'endgame');
    }
  }
  return pos.turn === WHITE ? score : -score;
}

/**
 * Makes `next` the evaluation's weights (the tuner's trials), in place, so that every table
 * built from them and every cache of scores follows. A searcher's own cache is its caller's
 * to clear.
 */
export function useWeights(next: Weights): void {
  for (const key of Object.keys(WEIGHTS) as (keyof Weights)[]) {
    const value = next[key];
    if (Array.isArray(value)) (WEIGHTS[key] as number[]).splice(0, value.length, ...value);
    else (WEIGHTS[key] as number) = value;
  }
  buildTables();
  buildSums();
  clearPawnCache();
}

/** Whether the last `evaluate` stopped short (lazily) because the score was far outside its window. */
export const wasLazy = (): boolean => lazy;
let lazy = false;
const LAZY_MARGIN = 250;

/** Opening: minor pieces still at home and an early queen sortie cost a little. */
function development(pos: Position): number {
  const a = pos.first;
  let s = 0;
  for (const [sq, piece, sign] of HOME_MINORS)
    if (a[sq] === piece && pos.second[sq] === 0) s += WEIGHTS.minorAtHome * sign;
  if (a[0x03] === 0 && pos.second[0x03] === 0) s += WEIGHTS.earlyQueen;
  if (a[0x73] === 0 && pos.second[0x73] === 0) s -= WEIGHTS.earlyQueen;
  return s;
}
const HOME_MINORS: [number, number, number][] = [
  [0x01, KNIGHT, 1],
  [0x06, KNIGHT, 1],
  [0x02, BISHOP, 1],
  [0x05, BISHOP, 1],
  [0x71, 8 | KNIGHT, -1],
  [0x76, 8 | KNIGHT, -1],
  [0x72, 8 | BISHOP, -1],
  [0x75, 8 | BISHOP, -1],
];

/** NEAR[to - king + 119]: whether `to` touches the king's square. */
const NEAR = new Uint8Array(240);
for (const d of [-17, -16, -15, -1, 1, 15, 16, 17]) NEAR[d + 119] = 1;

/**
 * TARGET[color << 8 | content] for an occupied square: 1 when a strong piece of `color` may
 * move there (a lone enemy piece to take, an enemy same-colour box to attack), 2 for an own lone
 * pawn it may join (off the pawn's start rank, when boxes may be made), 0 when it is closed.
 */
const TARGET = new Uint8Array(2 << 8);
for (let color = 0; color < 2; color++) {
  for (let c = 16; c < 256; c++) {
    const x = c >> 4;
    const y = c & 15;
    let target = 0;
    if (y === 0) {
      if (x >> 3 !== color) target = 1;
      else if ((x & 7) === PAWN) target = 2;
    } else if (x >> 3 !== color && y >> 3 !== color) target = 1;
    TARGET[(color << 8) | c] = target;
  }
}

/**
 * The steps of every strong piece in one flat table: STEPS[FIRST_STEP[t]] to
 * STEPS[LAST_STEP[t] - 1] for type `t` (one monomorphic array rather than an array per type).
 */
const STEPS = Int8Array.from([...KNIGHT_STEPS, ...DIAGONALS, ...ORTHOGONALS]);
const FIRST_STEP = Int8Array.of(0, 0, 0, 8, 12, 8);
const LAST_STEP = Int8Array.of(0, 0, 8, 12, 16, 16);

/**
 * How many squares a strong piece of type `t` and colour `color` on `sq` may move to by
 * docs/rules.md §2 to §5 (`join`: whether it may join a pawn), plus 256 times the number of
 * squares next to the enemy `king` it meets: one number, so no second result is kept outside.
 */
function reach(
  a: Int8Array,
  b: Int8Array,
  sq: number,
  t: number,
  color: number,
  join: boolean,
  king: number,
): number {
  const slides = t !== KNIGHT;
  const base = color << 8;
  const start = color === 0 ? 1 : 6;
  const nearBase = 119 - king;
  let count = 0;
  let near = 0;
  for (let k = FIRST_STEP[t], end = LAST_STEP[t]; k < end; k++) {
    const d = STEPS[k];
    for (let to = sq + d; !(to & 0x88); to += d) {
      near += NEAR[to + nearBase];
      const x = a[to];
      if (x === 0) {
        count++;
        if (slides) continue;
        break;
      }
      const target = TARGET[base | (x << 4) | b[to]];
      if (target === 1 || (target === 2 && join && to >> 4 !== start)) count++;
      break;
    }
  }
  return count | (near << 8);
}

/**
 * Mobility and king safety, box-aware: a piece counts the squares it could move to by
 * docs/rules.md §2 to §5 (an own lone pawn off its start rank is a square to join, an enemy
 * same-colour box a square to attack, any other box is closed), and squares next to the enemy
 * king it reaches.
 */
function activity(pos: Position, kingSafety: boolean): number {
  const a = pos.first;
  const b = pos.second;
  const canCreate = pos.boxes < BOX_LIMIT && !pos.standard;
  const { mobility: mobilityWeight, kingAttack } = WEIGHTS;
  let s = 0;
  let attackersW = 0;
  let attackersB = 0;
  let weightW = 0;
  let weightB = 0;
  const o = pos.occupied;
  for (let half = 0; half < 2; half++)
    for (let w = o[half] | o[2 + half]; w !== 0; w &= w - 1) {
      const sq = lowestSquare(half, w);
      for (let slot = 0; slot < 2; slot++) {
        const p = slot === 0 ? a[sq] : b[sq];
        const t = p & 7;
        if (t < KNIGHT || t > QUEEN) continue;
        const color = p >> 3;
        const r = reach(a, b, sq, t, color, canCreate && b[sq] === 0, pos.kings[color ^ 1]);
        const near = r >> 8;
        const mobility = mobilityWeight[t] * ((r & 255) - 4);
        if (color === 0) {
          s += mobility;
          if (near > 0) {
            attackersW++;
            weightW += kingAttack[t] * near;
          }
        } else {
          s -= mobility;
          if (near > 0) {
            attackersB++;
            weightB += kingAttack[t] * near;
          }
        }
      }
    }
  if (kingSafety) {
    // Attacks only bite with two or more attackers; the pawn shield softens them.
    if (attackersW >= 2) s += (weightW * attackersW) >> 1;
    if (attackersB >= 2) s -= (weightB * attackersB) >> 1;
    s += shield(pos, 0) - shield(pos, 1);
  }
  return s;
}

/** Own pawns (in boxes too) on the three squares in front of a king still on its back ranks. */
function shield(pos: Position, color: number): number {
  const king = pos.kings[color];
  const rank = king >> 4;
  if (color === 0 ? rank > 1 : rank < 6) return 0;
  const pawn = (color << 3) | PAWN;
  const fwd = color === 0 ? 16 : -16;
  const [front, ahead, none] = WEIGHTS.shield;
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
