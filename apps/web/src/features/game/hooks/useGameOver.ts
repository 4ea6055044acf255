import type { ServerGameState } from '@sbc/api';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Actor } from './useActionPipeline.ts';

/**
 * The Game Over dialog waits 500 ms after a human move, 1000 after the computer's, 1500 from the
 * controls (docs/architecture.md §7).
 */
export const GAME_OVER_DELAY: Record<Actor, number> = { human: 500, computer: 1000, controls: 1500 };

/**
 * Game Over: after the game ends on this screen, with the delay of whoever ended it (`actor`). The
 * timer survives the server's answer replacing the optimistic state; a game live again cancels it.
 */
export function useGameOver(state: ServerGameState | undefined, live: boolean, actor: RefObject<Actor>) {
  const [gameOverOpen, setGameOverOpen] = useState(false);
  const wasLive = useRef<boolean | null>(null);
  const overTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!state) return;
    const before = wasLive.current;
    wasLive.current = live;
    if (before === true && !live) {
      clearTimeout(overTimer.current);
      overTimer.current = setTimeout(() => setGameOverOpen(true), GAME_OVER_DELAY[actor.current]);
    } else if (live) {
      clearTimeout(overTimer.current);
      setGameOverOpen(false);
    }
  }, [state, live, actor]);
  useEffect(() => () => clearTimeout(overTimer.current), []);
  return { gameOverOpen, setGameOverOpen };
}
