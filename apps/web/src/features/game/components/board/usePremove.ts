import type { ColorName, TypeName } from '@sbc/rules';
import { useEffect, useState } from 'react';
import type { BoardMove } from '../../lib/model.ts';
import type { MoveHandler } from './useSelection.ts';

/** A move queued while the other side is to move. */
export interface Premove {
  from: string;
  to: string;
  piece: TypeName;
}

/**
 * One premove (docs/architecture.md §6): while the other side is to move, the player (`side`) may
 * queue a move. When the turn comes it is played at once if it is among the legal moves (a pawn
 * reaching the last rank becomes a queen), else it is dropped without a word. Without a side (a
 * local two-player game, a spectator, a game over) there is none. While the board shows an earlier
 * position (`past`) none is offered, and the one queued is kept: it is played once the live
 * position is back, if the turn has come (the moves are offered again).
 */
export function usePremove(
  moves: readonly BoardMove[],
  turn: ColorName,
  side: ColorName | undefined,
  onMove: MoveHandler | undefined,
  past = false,
) {
  const [queued, setQueued] = useState<Premove | null>(null);
  const active = !!side && !!onMove && turn !== side && !past;

  useEffect(() => {
    if (!side) setQueued(null);
  }, [side]);

  useEffect(() => {
    if (!queued || moves.length === 0) return;
    setQueued(null);
    const legal = moves.find((m) => m.from === queued.from && m.to === queued.to && m.piece === queued.piece);
    if (legal) onMove?.({ ...queued, promotion: legal.promotion ? 'queen' : undefined });
  }, [moves, queued, onMove]);

  const queue: MoveHandler = ({ from, to, piece }) => setQueued({ from, to, piece });
  return { active, queued, queue, cancel: () => setQueued(null) };
}
