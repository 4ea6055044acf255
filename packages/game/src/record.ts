import type { ColorName } from '@sbc/rules';
import type { Level } from './level.ts';
import type { GameMode } from './mode.ts';
import type { Ending } from './status.ts';

/** How a game starts; every field has a default. */
export interface GameSetup {
  /** Start position; the usual one when absent. */
  sbfen?: string;
  standard?: boolean;
  mode?: GameMode;
  /** The human's colour in a computer game. */
  humanColor?: ColorName;
  aiDifficulty?: Level;
}

/** The stored form of a game: everything else is derived by replaying it with the rules. */
export interface GameRecord extends Required<GameSetup> {
  /** Every move played, as move texts; the last may wait for its defender choice. */
  moves: string[][];
  /** How many of the last moves may be undone. */
  undoDepth: number;
  /** Undone moves, the next to redo last. */
  redo: string[][];
  ending: Ending | null;
}
