import type { Level } from '@sbc/game';
import type { EvalKind } from './evaluate.ts';

export type Style = 'aggressive' | 'tactical' | 'positional';

/** One difficulty level, as the table of docs/engine.md §4 sets it. */
export interface LevelSettings {
  /** Base think time in ms, before scaling. */
  thinkTimeMs: number;
  /** Scaled think time never exceeds this. */
  maxThinkTimeMs: number;
  depth: number;
  /** Root moves within `randomness * 100` centipawns of each other are picked at random. */
  randomness: number;
  /** Chance of a deliberately weaker move. */
  blunderChance: number;
  nodeCap: number;
  evaluation: EvalKind;
  style: Style;
  /** Shared-box bonus; the evaluation counts it as `10 * boxBonus` centipawns per own box. */
  boxBonus: number;
  /**
   * Whether depth and node cap bind. Easy and medium are shaped by them; hard plays to its
   * scaled think time instead (its depth 8 and node cap 100000 are what it passes, not limits).
   */
  capped: boolean;
}

export const LEVELS: Readonly<Record<Level, LevelSettings>> = {
  easy: {
    thinkTimeMs: 800,
    maxThinkTimeMs: 2000,
    depth: 3,
    randomness: 0.3,
    blunderChance: 0.1,
    nodeCap: 2000,
    evaluation: 'material',
    style: 'aggressive',
    boxBonus: 1.5,
    capped: true,
  },
  medium: {
    thinkTimeMs: 2000,
    maxThinkTimeMs: 4000,
    depth: 5,
    randomness: 0.1,
    blunderChance: 0.05,
    nodeCap: 8000,
    evaluation: 'standard',
    style: 'tactical',
    boxBonus: 2.5,
    capped: true,
  },
  hard: {
    thinkTimeMs: 5000,
    maxThinkTimeMs: 8000,
    depth: 8,
    randomness: 0,
    blunderChance: 0,
    nodeCap: 100_000,
    evaluation: 'advanced',
    style: 'positional',
    boxBonus: 3.5,
    capped: false,
  },
};

/** Think time scaled by 1 + 0.25 per box on the board + 0.01 per legal move, then capped. */
export function scaledThinkTime(level: Level, boxes: number, legalMoves: number): number {
  const s = LEVELS[level];
  return Math.min(s.maxThinkTimeMs, Math.round(s.thinkTimeMs * (1 + 0.25 * boxes + 0.01 * legalMoves)));
}
