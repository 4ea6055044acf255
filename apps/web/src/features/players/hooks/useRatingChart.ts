import { useEffect, useRef, useState } from 'react';
import type { ChartData } from '../lib/history.ts';

/**
 * Draws `data` into the returned ref's element once the chart's code has loaded (on demand, so that
 * uPlot stays out of every other page); `failed` when that code could not be loaded.
 */
export function useRatingChart(data: ChartData) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let remove: (() => void) | undefined;
    let gone = false;
    import('../lib/chart.ts').then(
      ({ drawChart }) => {
        if (!gone && ref.current) remove = drawChart(ref.current, data);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      remove?.();
    };
  }, [data]);
  return { ref, failed };
}
