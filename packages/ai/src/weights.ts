import type { Position } from '@sbc/rules';

/**
 * The evaluation's weights in centipawns (docs/engine.md §3), in one table per mode so that the
 * tuner (`npm run -s tune`, `src/tune/`) can rewrite them; everything else about the evaluation
 * stays in its modules. Piece-square tables are in `tables.ts`. The variant's set, piece values
 * aside, is tuned on its self-play games; standard mode's chess terms on Stockfish's games; the
 * rest of standard mode's set is hand-set (docs/engine.md §11).
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
  /** Opening: each minor piece still at home, a queen gone from home. */
  minorAtHome: number;
  earlyQueen: number;
}

/**
 * Standard mode's weights: the variant's fields with values of its own, and the terms of ordinary
 * chess (`chess-terms.ts`, `passerKings`).
 */
export interface ChessWeights extends Weights {
  /**
   * A passed pawn's race in the endgame, per step (up to five) between a king and the square in
   * front of it: the enemy king's distance, then the own king's, in eighths of a centipawn per
   * step of the pawn past its third rank (see `passerKings` in pawns.ts).
   */
  passerKings: number[];
  /** Two bishops, [middlegame, endgame]. */
  bishopPair: number[];
  /** Per enemy knight, bishop, rook or queen an own pawn attacks, [middlegame, endgame]. */
  pawnThreat: number[];
  /** A rook on a file with no pawn, then on one with enemy pawns only, [middlegame, endgame] each. */
  rookFile: number[];
  /**
   * Per enemy knight, bishop, rook and queen an own knight or bishop attacks,
   * [middlegame, endgame] for each of the four in turn.
   */
  threatByMinor: number[];
  /** The same for an own rook's attacks. */
  threatByRook: number[];
  /** Per enemy knight, bishop, rook or queen attacked and not defended, [middlegame, endgame]. */
  hanging: number[];
  /** The side to move's edge. */
  tempo: number;
  /**
   * A pawn with an own pawn beside it or defending it, by rank from its own side (0 the first):
   * in the middlegame half this value per step of (2, +1 beside an own pawn, −1 facing an enemy
   * pawn on its file), plus `supportedPawn` when defended; in the endgame that times
   * (rank − 2) / 4, nothing up to the third rank.
   */
  connectedPawn: number[];
  supportedPawn: number;
  /**
   * A pawn that no own pawn beside or behind it on the next files can defend, whose square in
   * front an enemy pawn attacks, [middlegame, endgame].
   */
  backwardPawn: number[];
  /**
   * A knight, then a bishop, on the fourth to sixth rank defended by an own pawn where no enemy
   * pawn can ever attack it, [middlegame, endgame] each.
   */
  outpost: number[];
  /** A rook on the seventh rank with the enemy king on the eighth or enemy pawns on the seventh, [middlegame, endgame]. */
  rookSeventh: number[];
  /** `mobility`'s endgame counterpart, by type: `mobility` is then the middlegame's. */
  mobilityEnd: number[];
  /**
   * Middlegame, by type: a knight, bishop, rook or queen that can reach a square from which it
   * would check the enemy king, one the enemy does not attack (counted once per type).
   */
  safeCheck: number[];
  /**
   * A passed pawn from its fourth rank on whose square in front is empty, in sixths of a
   * centipawn per step of its rank past the third (2, 7, 12, 17 steps from the fourth rank to the
   * seventh), [middlegame, endgame] for each: when no enemy piece stands on or attacks a square
   * ahead of it on its file, else when none does on the square in front; then, on top, when an own
   * piece defends that square.
   */
  passerPath: number[];
}

/** Each mode's set (written whole by `src/tune/weights-file.ts`); `weightsOf` picks a position's. */
export const WEIGHTS: { sharedbox: Weights; chess: ChessWeights } = {
  sharedbox: {
    material: [0, 100, 320, 330, 500, 900, 0],
    mobility: [0, 0, 13, 6, 10, 21, 0],
    kingAttack: [0, 0, 6, 6, 28, 36, 0],
    shield: [33, 12, -30],
    doubledPawn: -14,
    isolatedPawn: -22,
    passedPawn: [0, 27, -5, 3, 57, 154, 150, 0],
    minorAtHome: 8,
    earlyQueen: -30,
  },
  chess: {
    material: [0, 100, 320, 330, 500, 900, 0],
    mobility: [0, 0, 4, 4, 2, 1, 0],
    kingAttack: [0, 0, 6, 6, 8, 14, 0],
    shield: [12, 6, -10],
    doubledPawn: -10,
    isolatedPawn: -12,
    passedPawn: [0, 10, 15, 25, 45, 75, 120, 0],
    minorAtHome: -12,
    earlyQueen: -10,
    passerKings: [15, 26],
    bishopPair: [61, 55],
    pawnThreat: [50, 14],
    rookFile: [45, -3, 26, 10],
    threatByMinor: [20, 15, 37, 4, 73, 15, 63, 20],
    threatByRook: [14, 15, 19, 36, -20, -1, 55, 6],
    hanging: [12, 22],
    tempo: 14,
    connectedPawn: [0, -7, 8, 11, 24, 36, 64, 0],
    supportedPawn: 3,
    backwardPawn: [-5, -12],
    outpost: [13, 5, 22, 14],
    rookSeventh: [5, 21],
    mobilityEnd: [0, 0, 0, 3, 3, 12, 0],
    safeCheck: [0, 0, 90, 20, 87, 52, 0],
    passerPath: [15, 31, 4, 12, 16, 8],
  },
};

/** The weights of `pos`'s mode. */
export const weightsOf = (pos: Position): Weights => (pos.standard ? WEIGHTS.chess : WEIGHTS.sharedbox);
