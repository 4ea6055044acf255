/** @sbc/rules: the rules of Shared Box Chess (docs/rules.md) as code, with no runtime dependencies. */
export * from './bitboard.ts';
export * from './check.ts';
export * from './errors.ts';
export * from './explain.ts';
export * from './mate.ts';
export * from './move.ts';
export * from './movegen.ts';
export * from './perft.ts';
export * from './piece.ts';
export * from './position.ts';
export * from './result.ts';
export * from './san.ts';
export * from './sbfen.ts';
export * from './square.ts';
export * from './status.ts';
export * from './text.ts';
