import type { ServerGameState } from '@sbc/api';
import {
  ABANDONMENT_CHECK_MS,
  capitalize,
  INACTIVITY_FINAL_WARNING_SECONDS,
  INACTIVITY_WARNING_SECONDS,
  isLive,
} from '@sbc/game';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { gamesApi } from '../api/games.ts';

/** The timer refreshes every second (docs/architecture.md §7). */
export const TICK_MS = 1000;

/**
 * The inactivity countdown of the side to move, its warnings (at 60 and 30 s), and the
 * abandonment check through the server (every 10 s, and once at 0); without a session (a guest)
 * there is no check: the server's sweep ends the game, and the socket says so.
 */
export function useInactivity(
  gameId: string,
  state: ServerGameState | undefined,
  refetch: () => void,
  signedIn = true,
) {
  const deadline = state?.inactivityDeadline ?? null;
  const live = state ? isLive(state.gameStatus) : false;
  const [tick, setTick] = useState(() => ({ deadline, now: Date.now() }));
  const warned = useRef<{ deadline: number | null; first: boolean; last: boolean; at0: boolean }>({
    deadline: null,
    first: false,
    last: false,
    at0: false,
  });
  // A new deadline counts from the render that brings it, until the first tick: a render only to
  // read the clock would render the whole screen again for every move.
  const now = tick.deadline === deadline ? tick.now : Date.now();

  useEffect(() => {
    if (!live || deadline === null) return;
    // Each deadline has its own interval: moves faster than the tick would otherwise each restart
    // it before it fires, and the clock would show more than the limit.
    const timer = setInterval(() => setTick({ deadline, now: Date.now() }), TICK_MS);
    return () => clearInterval(timer);
  }, [live, deadline]);

  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    if (!live || !signedIn) return;
    const check = async () => {
      try {
        const ended = await gamesApi.checkAbandoned();
        if (Array.isArray(ended) && ended.some((g) => (g as { id?: string }).id === gameId))
          refetchRef.current();
      } catch {
        // Ignored: the next check follows, and the server sweeps anyway (docs/architecture.md §6).
      }
    };
    const timer = setInterval(check, ABANDONMENT_CHECK_MS);
    return () => clearInterval(timer);
  }, [live, gameId, signedIn]);

  const remaining = live && deadline !== null ? Math.max(0, Math.ceil((deadline - now) / 1000)) : null;

  useEffect(() => {
    if (remaining === null || !state) return;
    if (warned.current.deadline !== deadline) {
      // A new turn: the warnings start over (a reload mid-turn does not repeat a passed one).
      warned.current = {
        deadline,
        first: remaining <= INACTIVITY_FINAL_WARNING_SECONDS,
        last: remaining <= 0,
        at0: false,
      };
    }
    const w = warned.current;
    const side = capitalize(state.currentPlayer);
    if (remaining <= 0 && !w.at0) {
      w.at0 = true;
      toast({
        title: 'Game Abandoned!',
        description: `${side} took too long and the game was abandoned!`,
        variant: 'destructive',
      });
      if (signedIn)
        void gamesApi
          .checkAbandoned()
          .catch(() => {})
          .finally(() => refetchRef.current());
    } else if (remaining > 0 && remaining <= INACTIVITY_FINAL_WARNING_SECONDS && !w.last) {
      w.last = true;
      w.first = true;
      toast({
        title: 'Game About to be Abandoned!',
        description: `Only ${remaining} seconds left to make a move!`,
        variant: 'destructive',
      });
    } else if (
      remaining > INACTIVITY_FINAL_WARNING_SECONDS &&
      remaining <= INACTIVITY_WARNING_SECONDS &&
      !w.first
    ) {
      w.first = true;
      toast({
        title: 'Inactivity Warning',
        description: `Game will be abandoned in ${remaining} seconds if no move is made!`,
      });
    }
  }, [remaining, deadline, state, signedIn]);

  return { remaining };
}

/** Seconds as minutes:seconds. */
export const formatClock = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
