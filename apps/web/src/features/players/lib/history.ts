/** A rating history as the chart draws it (pure, so that tests check it without a canvas). */
import type { RatingHistory } from '@sbc/api';

type Points = RatingHistory[number]['points'];

/** uPlot's data: the times in seconds (its time scale's unit), then the ratings. */
export type ChartData = [xs: number[], ratings: number[]];

export const chartData = (points: Points): ChartData => [
  points.map((p) => p.at / 1000),
  points.map((p) => p.rating),
];

/** What the chart shows, in words, for a screen reader: 'Blitz rating history: 12 days of rated games, from 1500 to 1612'. */
export function chartSummary(speedName: string, points: Points): string {
  const first = points[0]?.rating;
  const last = points.at(-1)?.rating;
  if (first === undefined || last === undefined) return `${speedName} rating: no rated games`;
  // A point a day with rated games (the day's last rating): docs/api.md, "Ratings and profiles".
  const days = `${points.length} day${points.length === 1 ? '' : 's'} of rated games`;
  return `${speedName} rating history: ${days}, from ${first} to ${last}`;
}
