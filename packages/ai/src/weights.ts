/**
 * The evaluation's weights in centipawns (docs/engine.md §3), in one table so that the tuner
 * (`npm run -s tune`, `src/tune/`) can rewrite them; everything else about the evaluation stays in
 * its modules. Piece-square tables are in `pst.ts`. The fields only standard mode reads were tuned
 * on Stockfish's games; the rest, which the variant reads too, are still hand-set (docs/engine.md §11).
 */
export interface Weights {
  /** Piece values by type (none, pawn, knight, bishop, rook, queen, king); the pawn's 100 is the scale. */
  material: number[];
  /** Per square a strong piece may move to, beyond four, by type. */
  mobility: number[];
  /** Per square next to the enemy king a piece reaches, by type, from two attackers up. */
  kingAttack: number[];
  /** King's shield per file: an own pawn right in front, one two squares ahead, none. */
  shield: number[];
  doubledPawn: number;
  isolatedPawn: number;
  /** Passed pawn by rank from its own side (doubled in the endgame). */
  passedPawn: number[];
  /**
   * A passed pawn's race in the endgame, per step (up to five) between a king and the square in
   * front of it: the enemy king's distance, then the own king's, in eighths of a centipawn per
   * step of the pawn past its third rank (see `passerKings` in pawns.ts).
   */
  passerKings: number[];
  /** Opening: each minor piece still at home, a queen gone from home. */
  minorAtHome: number;
  earlyQueen: number;
  /** Standard mode only (see `chess-terms.ts`): two bishops, [middlegame, endgame]. */
  bishopPair: number[];
  /** Standard mode only: per enemy knight, bishop, rook or queen an own pawn attacks, [middlegame, endgame]. */
  pawnThreat: number[];
  /** Standard mode only: a rook on a file with no pawn, then on one with enemy pawns only, [middlegame, endgame] each. */
  rookFile: number[];
  /**
   * Standard mode only: per enemy knight, bishop, rook and queen an own knight or bishop attacks,
   * [middlegame, endgame] for each of the four in turn.
   */
  threatByMinor: number[];
  /** Standard mode only: the same for an own rook's attacks. */
  threatByRook: number[];
  /** Standard mode only: per enemy knight, bishop, rook or queen attacked and not defended, [middlegame, endgame]. */
  hanging: number[];
  /** Standard mode only: the side to move's edge. */
  tempo: number;
}

export const WEIGHTS: Weights = {
  material: [0, 100, 320, 330, 500, 900, 0],
  mobility: [0, 0, 4, 4, 2, 1, 0],
  kingAttack: [0, 0, 6, 6, 8, 14, 0],
  shield: [12, 6, -10],
  doubledPawn: -10,
  isolatedPawn: -12,
  passedPawn: [0, 10, 15, 25, 45, 75, 120, 0],
  passerKings: [11, 18],
  minorAtHome: -12,
  earlyQueen: -10,
  bishopPair: [45, 75],
  pawnThreat: [34, 20],
  rookFile: [30, 0, 22, 15],
  threatByMinor: [14, 29, 28, 14, 58, 30, 45, 40],
  threatByRook: [12, 23, 9, 24, -10, 9, 37, 15],
  hanging: [18, 12],
  tempo: 9,
};
