import { BISHOP, KING, KNIGHT, PAWN, type Position, QUEEN, ROOK, WHITE } from '@sbc/rules';

/** Piece values of spec/game.md section 9, indexed by piece type; the king counts 0 here. */
export const VALUE = [0, 100, 320, 330, 500, 900, 0] as const;

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

// Piece-square tables from white's side, rank 8 first (the "simplified evaluation function"
// tables, whose piece values are exactly the spec's).
// biome-ignore format: tables
const PAWN_PST = [
   0,  0,  0,  0,  0,  0,  0,  0,
  50, 50, 50, 50, 50, 50, 50, 50,
  10, 10, 20, 30, 30, 20, 10, 10,
   5,  5, 10, 25, 25, 10,  5,  5,
   0,  0,  0, 20, 20,  0,  0,  0,
   5, -5,-10,  0,  0,-10, -5,  5,
   5, 10, 10,-20,-20, 10, 10,  5,
   0,  0,  0,  0,  0,  0,  0,  0,
];
// biome-ignore format: tables
const KNIGHT_PST = [
  -50,-40,-30,-30,-30,-30,-40,-50,
  -40,-20,  0,  0,  0,  0,-20,-40,
  -30,  0, 10, 15, 15, 10,  0,-30,
  -30,  5, 15, 20, 20, 15,  5,-30,
  -30,  0, 15, 20, 20, 15,  0,-30,
  -30,  5, 10, 15, 15, 10,  5,-30,
  -40,-20,  0,  5,  5,  0,-20,-40,
  -50,-40,-30,-30,-30,-30,-40,-50,
];
// biome-ignore format: tables
const BISHOP_PST = [
  -20,-10,-10,-10,-10,-10,-10,-20,
  -10,  0,  0,  0,  0,  0,  0,-10,
  -10,  0,  5, 10, 10,  5,  0,-10,
  -10,  5,  5, 10, 10,  5,  5,-10,
  -10,  0, 10, 10, 10, 10,  0,-10,
  -10, 10, 10, 10, 10, 10, 10,-10,
  -10,  5,  0,  0,  0,  0,  5,-10,
  -20,-10,-10,-10,-10,-10,-10,-20,
];
// biome-ignore format: tables
const ROOK_PST = [
   0,  0,  0,  0,  0,  0,  0,  0,
   5, 10, 10, 10, 10, 10, 10,  5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
   0,  0,  0,  5,  5,  0,  0,  0,
];
// biome-ignore format: tables
const QUEEN_PST = [
  -20,-10,-10, -5, -5,-10,-10,-20,
  -10,  0,  0,  0,  0,  0,  0,-10,
  -10,  0,  5,  5,  5,  5,  0,-10,
   -5,  0,  5,  5,  5,  5,  0, -5,
    0,  0,  5,  5,  5,  5,  0, -5,
  -10,  5,  5,  5,  5,  5,  0,-10,
  -10,  0,  5,  0,  0,  0,  0,-10,
  -20,-10,-10, -5, -5,-10,-10,-20,
];
// biome-ignore format: tables
const KING_MIDDLE_PST = [
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -20,-30,-30,-40,-40,-30,-30,-20,
  -10,-20,-20,-20,-20,-20,-20,-10,
   20, 20,  0,  0,  0,  0, 20, 20,
   20, 30, 10,  0,  0, 10, 30, 20,
];
// biome-ignore format: tables
const KING_END_PST = [
  -50,-40,-30,-20,-20,-30,-40,-50,
  -30,-20,-10,  0,  0,-10,-20,-30,
  -30,-10, 20, 30, 30, 20,-10,-30,
  -30,-10, 30, 40, 40, 30,-10,-30,
  -30,-10, 30, 40, 40, 30,-10,-30,
  -30,-10, 20, 30, 30, 20,-10,-30,
  -30,-30,  0,  0,  0,  0,-30,-30,
  -50,-30,-30,-30,-30,-30,-30,-50,
];

/**
 * Value plus table entry, signed for white, indexed `piece << 7 | square`: one lookup per piece.
 * MIDDLE holds the middlegame king, END the endgame king; the other pieces are the same in both.
 */
const MIDDLE = new Int16Array(16 << 7);
const END = new Int16Array(16 << 7);
const MATERIAL = new Int16Array(16 << 7);
{
  const tables = [[], PAWN_PST, KNIGHT_PST, BISHOP_PST, ROOK_PST, QUEEN_PST];
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) continue;
    const white = (7 - (sq >> 4)) * 8 + (sq & 7);
    const black = (sq >> 4) * 8 + (sq & 7);
    for (let t = PAWN; t <= KING; t++) {
      const w = t << 7;
      const b = (8 | t) << 7;
      if (t === KING) {
        MIDDLE[w | sq] = KING_MIDDLE_PST[white];
        MIDDLE[b | sq] = -KING_MIDDLE_PST[black];
        END[w | sq] = KING_END_PST[white];
        END[b | sq] = -KING_END_PST[black];
        continue;
      }
      MIDDLE[w | sq] = END[w | sq] = VALUE[t] + tables[t][white];
      MIDDLE[b | sq] = END[b | sq] = -VALUE[t] - tables[t][black];
      MATERIAL[w | sq] = VALUE[t];
      MATERIAL[b | sq] = -VALUE[t];
    }
  }
}

/** The 64 squares as 0x88 indices. */
const BOARD = Int8Array.from({ length: 64 }, (_, k) => ((k >> 3) << 4) | (k & 7));

const PASSED_BONUS = [0, 10, 15, 25, 45, 75, 120, 0];
const MOBILITY_WEIGHT = [0, 0, 4, 4, 2, 1, 0];
/** Pieces counted in the safety of an enemy king, by how much each square near it is worth. */
const KING_ATTACK_WEIGHT = [0, 0, 6, 6, 8, 14, 0];
const KNIGHT_STEPS = [-33, -31, -18, -14, 14, 18, 31, 33];
const DIAGONALS = [-17, -15, 15, 17];
const ORTHOGONALS = [-16, -1, 1, 16];

// Scratch buffers for one evaluation (evaluation is never re-entered).
const pawnFiles = new Int8Array(20);
const pawnSquares = new Int16Array(32);
const pieceSquares = new Int16Array(40);
const pieceCodes = new Int8Array(40);
const pieceInBox = new Uint8Array(40);

/**
 * Static evaluation in centipawns from the side to move's point of view. The position must be
 * complete (no pending defender choice). With a window (`alpha`, `beta`, side to move's view),
 * the advanced terms are skipped when the rest is far outside it (see `wasLazy`).
 */
export function evaluate(pos: Position, cfg: EvalConfig, alpha = -Infinity, beta = Infinity): number {
  lazy = false;
  const a = pos.first;
  const b = pos.second;
  let middle = 0;
  let end = 0;
  let material = 0;
  let queens = 0;
  let minorsOrPawns = 0;
  let majors = 0;
  let boxes = 0;
  let pawns = 0;
  let pieces = 0;
  pawnFiles.fill(0);
  for (let k = 0; k < 64; k++) {
    const sq = BOARD[k];
    const x = a[sq];
    if (x === 0) continue;
    const y = b[sq];
    let p = x;
    for (let slot = 0; ; slot++) {
      const i = (p << 7) | sq;
      middle += MIDDLE[i];
      end += END[i];
      const t = p & 7;
      if (t === PAWN) {
        pawnFiles[(p >> 3) * 10 + (sq & 7) + 1]++;
        pawnSquares[pawns++] = i;
        minorsOrPawns += 2;
        material += 100;
      } else if (t !== KING) {
        material += VALUE[t];
        if (t === QUEEN) queens++;
        if (t >= ROOK) majors++;
        else minorsOrPawns++;
        pieceSquares[pieces] = sq;
        pieceCodes[pieces] = p;
        pieceInBox[pieces++] = y !== 0 ? 1 : 0;
      }
      if (slot === 1 || y === 0) break;
      p = y;
    }
    // An own-colour box (pawn box or double box) earns the level's bonus; a mixed box is neutral.
    if (y !== 0 && x >> 3 === y >> 3) boxes += x >> 3 === 0 ? 1 : -1;
  }
  // Kings and at most one knight or bishop: a dead draw (RULES.md 5).
  if (majors === 0 && minorsOrPawns <= 1) return 0;

  let score = boxes * cfg.boxBonus * 10;
  if (cfg.kind === 'material') score += materialBalance(pieces, pawns);
  else {
    const phase = gamePhase(gamePlies(pos), material, queens);
    score += phase === 'endgame' ? end : middle;
    if (phase === 'opening') score += development(pos);
    if (cfg.kind === 'advanced') {
      score += pawnStructure(pawns, phase === 'endgame');
      // Lazy evaluation: mobility and king safety stay well inside LAZY_MARGIN, so far outside
      // the window they cannot change what the search does with this score.
      const own = pos.turn === WHITE ? score : -score;
      lazy = own + LAZY_MARGIN <= alpha || own - LAZY_MARGIN >= beta;
      if (lazy) return own;
      score += activity(pos, pieces, phase !== 'endgame');
    }
  }
  return pos.turn === WHITE ? score : -score;
}

/** Whether the last `evaluate` stopped short (lazily) because the score was far outside its window. */
export const wasLazy = (): boolean => lazy;
let lazy = false;
const LAZY_MARGIN = 250;

/** White's material minus black's, from the piece lists `evaluate` just filled. */
function materialBalance(pieces: number, pawns: number): number {
  let s = 0;
  for (let i = 0; i < pieces; i++) s += MATERIAL[(pieceCodes[i] << 7) | pieceSquares[i]];
  for (let i = 0; i < pawns; i++) s += MATERIAL[pawnSquares[i]];
  return s;
}

/** Opening: minor pieces still at home and an early queen sortie cost a little. */
function development(pos: Position): number {
  const a = pos.first;
  let s = 0;
  for (const [sq, piece, sign] of HOME_MINORS) if (a[sq] === piece && pos.second[sq] === 0) s -= 12 * sign;
  if (a[0x03] === 0 && pos.second[0x03] === 0) s -= 10;
  if (a[0x73] === 0 && pos.second[0x73] === 0) s += 10;
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

/** Doubled, isolated and passed pawns; a pawn in a box is still a pawn on its file. */
function pawnStructure(pawns: number, endgame: boolean): number {
  let s = 0;
  for (let i = 0; i < pawns; i++) {
    const code = pawnSquares[i];
    const sq = code & 127;
    const color = code >> 10;
    const sign = color === 0 ? 1 : -1;
    const file = (sq & 7) + 1;
    const own = color * 10;
    if (pawnFiles[own + file] > 1) s -= 10 * sign;
    if (pawnFiles[own + file - 1] === 0 && pawnFiles[own + file + 1] === 0) s -= 12 * sign;
    if (isPassed(sq, color, pawns)) {
      const rank = color === 0 ? sq >> 4 : 7 - (sq >> 4);
      s += sign * (endgame ? 2 * PASSED_BONUS[rank] : PASSED_BONUS[rank]);
    }
  }
  return s;
}

/** Whether no enemy pawn stands ahead of this pawn on its file or the two next to it. */
function isPassed(sq: number, color: number, pawns: number): boolean {
  const enemy = color === 0 ? 8 | PAWN : PAWN;
  for (let i = 0; i < pawns; i++) {
    const code = pawnSquares[i];
    if (code >> 7 !== enemy) continue;
    const t = code & 127;
    const df = (t & 7) - (sq & 7);
    if (df < -1 || df > 1) continue;
    if (color === 0 ? t >> 4 > sq >> 4 : t >> 4 < sq >> 4) return false;
  }
  return true;
}

// The piece being measured by `reach` (module state rather than a closure: this runs per node).
let rColor = 0;
let rJoin = false;
let rKing = 0;
let rCount = 0;
let rNear = 0;
let rFirst: Int8Array;
let rSecond: Int8Array;

/** Counts `to` for the current piece; returns whether a slider may go on past it. */
function reach(to: number): boolean {
  const d = to - rKing;
  if (d === 1 || d === -1 || d === 15 || d === 16 || d === 17 || d === -15 || d === -16 || d === -17) rNear++;
  const x = rFirst[to];
  if (x === 0) {
    rCount++;
    return true;
  }
  const y = rSecond[to];
  if (y === 0) {
    if (x >> 3 !== rColor) rCount++;
    else if (rJoin && (x & 7) === PAWN && to >> 4 !== (rColor === 0 ? 1 : 6)) rCount++;
  } else if (x >> 3 !== rColor && y >> 3 !== rColor) rCount++;
  return false;
}

/**
 * Mobility and king safety, box-aware: a piece counts the squares it could move to by RULES.md
 * (an own lone pawn off its start rank is a square to join, an enemy same-colour box a square to
 * attack, any other box is closed), and squares next to the enemy king it reaches.
 */
function activity(pos: Position, pieces: number, kingSafety: boolean): number {
  rFirst = pos.first;
  rSecond = pos.second;
  const canCreate = pos.boxes < 3 && !pos.standard;
  let s = 0;
  let attackersW = 0;
  let attackersB = 0;
  let weightW = 0;
  let weightB = 0;
  for (let i = 0; i < pieces; i++) {
    const sq = pieceSquares[i];
    const p = pieceCodes[i];
    const t = p & 7;
    rColor = p >> 3;
    rJoin = canCreate && pieceInBox[i] === 0;
    rKing = pos.kings[rColor ^ 1];
    rCount = 0;
    rNear = 0;
    if (t === KNIGHT) {
      for (let k = 0; k < 8; k++) {
        const to = sq + KNIGHT_STEPS[k];
        if (!(to & 0x88)) reach(to);
      }
    } else {
      if (t !== ROOK)
        for (let k = 0; k < 4; k++)
          for (let to = sq + DIAGONALS[k]; !(to & 0x88) && reach(to); to += DIAGONALS[k]);
      if (t !== BISHOP)
        for (let k = 0; k < 4; k++)
          for (let to = sq + ORTHOGONALS[k]; !(to & 0x88) && reach(to); to += ORTHOGONALS[k]);
    }
    const mobility = MOBILITY_WEIGHT[t] * (rCount - 4);
    if (rColor === 0) {
      s += mobility;
      if (rNear > 0) {
        attackersW++;
        weightW += KING_ATTACK_WEIGHT[t] * rNear;
      }
    } else {
      s -= mobility;
      if (rNear > 0) {
        attackersB++;
        weightB += KING_ATTACK_WEIGHT[t] * rNear;
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
  let s = 0;
  for (let df = -1; df <= 1; df++) {
    const f = (king & 7) + df;
    if (f < 0 || f > 7) continue;
    const one = king + fwd + df;
    const two = one + fwd;
    if (pos.first[one] === pawn || pos.second[one] === pawn) s += 12;
    else if (!(two & 0x88) && (pos.first[two] === pawn || pos.second[two] === pawn)) s += 6;
    else s -= 10;
  }
  return s;
}
