import type { Level } from '@sbc/game';
import type { ThinkLimits, ThinkResult } from '../engine.ts';

/** What a page or a Node program asks of the engine worker. */
export type EngineRequest =
  | {
      type: 'search';
      id: number;
      /**
       * Start position and the move text played since (docs/rules.md, appendix "SBFEN and move
       * text"), for repetitions.
       */
      sbfen: string;
      moves: string[];
      standard: boolean;
      level?: Level;
      limits?: ThinkLimits;
      book?: boolean;
      /** The game's seed for the level's random choices (see ThinkRequest); random when absent. */
      seed?: number;
      /** An Int32Array(1) view of shared memory: writing 1 stops the search early. */
      stop?: Int32Array;
      /**
       * Computer analysis (`analysePosition`): full strength within `limits`, a defender choice
       * searched, its sacrifices scored in the answer's `choices`; no progress messages.
       */
      analyse?: boolean;
    }
  | { type: 'new-game' };

/** Progress of a running search: one message per finished iteration. */
export interface Progress {
  depth: number;
  /** Centipawns for the side to move; mates as ±(30000 - plies). */
  score: number;
  nodes: number;
  nps: number;
  timeMs: number;
  /** Principal variation in move text. */
  pv: string[];
}

/**
 * The chosen move, with `pv` as move text. An analysis adds the line in the game's notation, one
 * entry per move, and at a defender choice each choice's score.
 */
export type EngineAnswer = Omit<ThinkResult, 'pv'> & {
  pv: string[];
  notation?: string[];
  choices?: { text: string; score: number }[];
};

export type EngineResponse =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'done'; id: number; answer: EngineAnswer }
  | { type: 'error'; id: number; message: string };
