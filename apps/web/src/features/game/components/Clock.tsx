import { capitalize, type TimeControl } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { useEffect, useRef } from 'react';
import { clockText, firstMoveSeconds, lowTimeMs, type ShownClock, timeShown } from '../../../lib/clock.ts';
import { cn } from '../../../lib/cn.ts';
import { useFrameText } from '../hooks/useFrameText.ts';
import { playSound } from '../hooks/useSounds.ts';

/** The games and sides whose low-time sound has played on this page: once each. */
const sounded = new Set<string>();

/**
 * One side's clock: highlighted while it runs, red below lichess's low-time threshold, where it
 * sounds once a game for the sides in `sound` (this screen's players).
 */
export function Clock({
  gameId,
  clock,
  side,
  tc,
  sound,
}: {
  gameId: string;
  clock: ShownClock;
  side: ColorName;
  tc: TimeControl;
  sound: boolean;
}) {
  const running = clock.running === side;
  const ms = timeShown(clock, side, performance.now());
  const text = clockText(ms, tc);
  useFrameText(running, () => clockText(timeShown(clock, side, performance.now()), tc));
  const low = ms < lowTimeMs(tc);
  const wasLow = useRef(low);
  useEffect(() => {
    const key = `${gameId}:${side}`;
    if (low && !wasLow.current && sound && !sounded.has(key)) {
      sounded.add(key);
      playSound('lowtime');
    }
    wasLow.current = low;
  }, [low, gameId, side, sound]);
  return (
    <span
      role="timer"
      aria-label={`${capitalize(side)}'s clock: ${text}`}
      data-running={running}
      data-low={low}
      className={cn(
        'shrink-0 rounded px-2 py-0.5 font-mono text-base font-semibold tabular-nums lg:text-lg',
        running
          ? low
            ? 'bg-red-600 text-white'
            : 'bg-slate-900 text-white'
          : low
            ? 'bg-red-100 text-red-700'
            : 'bg-slate-100 text-slate-700',
      )}
    >
      {text}
    </span>
  );
}

/** Lichess's notice of the first-move window, counted down to the abort. */
export function FirstMoveNotice({ clock }: { clock: ShownClock }) {
  const seconds = firstMoveSeconds(clock, Date.now());
  useFrameText(seconds !== null, () => String(firstMoveSeconds(clock, Date.now())));
  if (seconds === null) return null;
  return (
    <p role="status" className="mt-2 text-sm font-medium text-amber-800">
      {seconds} seconds to play the first move
    </p>
  );
}
