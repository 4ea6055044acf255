/** @sbc/game: a game of Shared Box Chess on top of @sbc/rules, and the state it shows. */
export * from './clock.ts';
export * from './defender.ts';
export * from './digest.ts';
export * from './errors.ts';
export * from './game.ts';
export { HISTORY_CAP } from './history.ts';
export * from './level.ts';
export * from './messages.ts';
export * from './mode.ts';
export * from './pgn.ts';
export * from './rating.ts';
export type * from './record.ts';
export * from './replay.ts';
export * from './status.ts';
export * from './text.ts';
export * from './timing.ts';
export * from './types.ts';
