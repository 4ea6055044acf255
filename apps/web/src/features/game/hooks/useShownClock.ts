import type { ClockState } from '@sbc/api';
import type { ColorName } from '@sbc/rules';
import { useCallback, useMemo, useRef, useState } from 'react';
import { arrivalOf, arrived, pressed, type ShownClock } from '../../../lib/clock.ts';

/**
 * The clocks on screen: the server's, counted from their message's arrival (a new object is a new
 * message: the data cache keeps an unchanged one), or, from the player's move until the server's
 * next clocks, the same with the mover's stopped (`press`); `release` undoes a refused move's press.
 */
export function useShownClock(clock: ClockState | null | undefined) {
  const base = useMemo(() => (clock ? arrived(clock, arrivalOf(clock, performance.now())) : null), [clock]);
  const [press, setPress] = useState<{ base: ShownClock; shown: ShownClock } | null>(null);
  const shown = press && press.base === base ? press.shown : base;
  const shownRef = useRef({ base, shown });
  shownRef.current = { base, shown };
  const pressClock = useCallback((mover: ColorName) => {
    const { base: from, shown: now } = shownRef.current;
    if (from && now) setPress({ base: from, shown: pressed(now, mover, performance.now()) });
  }, []);
  const release = useCallback(() => setPress(null), []);
  return { shown, press: pressClock, release };
}
