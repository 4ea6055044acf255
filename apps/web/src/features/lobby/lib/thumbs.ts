import type { CurrentGame, GameThumb } from '@sbc/api';
import type { ReactNode } from 'react';

/** What a small board shows: a position, its last move, and what it is (its label). */
export interface Thumb {
  sbfen: string;
  lastMove: { from: string; to: string } | null;
  label: string;
}

/** The game feature's board for a thumbnail, given by the app (features do not import each other's parts). */
export type RenderThumb = (thumb: Thumb) => ReactNode;

/** A live game as last read, brought up to its newest position from the socket's game:fen. */
export function withThumb(game: CurrentGame, thumb: GameThumb | undefined): CurrentGame {
  if (!thumb || thumb.moveCount < game.moveCount) return game;
  const { sbfen, lastMove, moveCount, clock } = thumb;
  return { ...game, sbfen, lastMove, moveCount, clock };
}

/** 'Ada vs Bob': White first. */
export const gameTitle = (game: CurrentGame): string => `${game.white.name} vs ${game.black.name}`;
