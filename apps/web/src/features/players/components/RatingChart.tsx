import type { RatingHistory } from '@sbc/api';
import { useMemo } from 'react';
import { useRatingChart } from '../hooks/useRatingChart.ts';
import { chartData, chartSummary } from '../lib/history.ts';

/** One category's rating after each rated game, on a time axis; its summary in words for screen readers. */
export function RatingChart({
  speedName,
  points,
}: {
  speedName: string;
  points: RatingHistory[number]['points'];
}) {
  const data = useMemo(() => chartData(points), [points]);
  const { ref, failed } = useRatingChart(data);
  if (failed) return <p className="text-sm text-slate-500">The chart could not be loaded.</p>;
  return (
    <div
      ref={ref}
      role="img"
      aria-label={chartSummary(speedName, points)}
      data-testid="rating-chart"
      className="min-h-[200px] w-full min-w-0"
    />
  );
}
