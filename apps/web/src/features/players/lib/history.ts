/** A rating history as the chart draws it (pure, so that tests check it without a canvas). */
import type { RatingHistory } from '@sbc/api';

type Points = RatingHistory[number]['points'];

/** uPlot's data: the times in seconds (its time scale's unit), then the ratings. */
export type ChartData = [xs: number[], ratings: number[]];

export const chartData = (points: Points): ChartData => [
  points.map((p) => p.at / 1000),
  points.map((p) => p.rating),
];

/** What the chart shows, in words, for a screen reader: 'Blitz rating: 12 games, from 1500 to 1612'. */
export function chartSummary(speedName: string, points: Points): string {
  const first = points[0]?.rating;
  const last = points.at(-1)?.rating;
  if (first === undefined || last === undefined) return `${speedName} rating: no rated games`;
  const games = `${points.length} rated game${points.length === 1 ? '' : 's'}`;
  return `${speedName} rating history: ${games}, from ${first} to ${last}`;
}
