import { useEffect } from 'react';
import { type ShownClock, timeShown } from '../../../lib/clock.ts';

/** The server ends a game on its deadline, a little later with the lag it allows: ask after this. */
export const DEADLINE_GRACE_MS = 300;
/** Then again this often until the answer shows the game over. */
export const DEADLINE_RECHECK_MS = 1000;

/**
 * When the clocks on screen say the game has ended (a flag, or the first-move window's abort), asks
 * the server for it (`refetch`), then every second until it shows the end: a game at one screen or
 * against the computer has no socket to bring the server's flag.
 */
export function useDeadlineCheck(clock: ShownClock | null, live: boolean, refetch: () => void): void {
  useEffect(() => {
    if (!clock || !live) return;
    const due = clock.running
      ? timeShown(clock, clock.running, performance.now())
      : clock.aborts && clock.deadline !== null
        ? clock.deadline - Date.now()
        : null;
    if (due === null) return;
    let again: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      refetch();
      again = setInterval(refetch, DEADLINE_RECHECK_MS);
    }, Math.max(0, due) + DEADLINE_GRACE_MS);
    return () => {
      clearTimeout(first);
      clearInterval(again);
    };
  }, [clock, live, refetch]);
}
