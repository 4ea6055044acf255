import { KING, PAWN } from '@sbc/rules';
import { WEIGHTS } from './weights.ts';

/**
 * Piece values (docs/engine.md §3), indexed by piece type; the king counts 0 here. The
 * evaluation's weights (`weights.ts`): move ordering and the game phase count with them too.
 */
export const VALUE: readonly number[] = WEIGHTS.material;

// Piece-square tables from white's side, rank 8 first (the "simplified evaluation function"
// tables, made for exactly these piece values).
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
export const MIDDLE = new Int16Array(16 << 7);
export const END = new Int16Array(16 << 7);

/** Fills MIDDLE and END from the tables and the piece values (again when the tuner changes them). */
export function buildTables(): void {
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
    }
  }
}
buildTables();
