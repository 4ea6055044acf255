import { Game } from '@sbc/game';
import { useMemo } from 'react';
import { Board } from '../features/game/index.ts';
import type { Thumb } from '../features/lobby/index.ts';

/** A live game's position on the game feature's board, small and only to be seen. */
function ThumbBoard({ sbfen, lastMove, label }: Thumb) {
  const state = useMemo(() => {
    const game = Game.create({ sbfen });
    return game.ok ? game.value.state() : null;
  }, [sbfen]);
  if (!state) return null;
  return (
    <Board
      board={state.board}
      orientation="white"
      turn={state.currentPlayer}
      moves={[]}
      lastMove={lastMove}
      label={label}
    />
  );
}

/** The lobby's thumbnails, drawn by the game feature's board. */
export const renderThumb = (thumb: Thumb) => <ThumbBoard {...thumb} />;
