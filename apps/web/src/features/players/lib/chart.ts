/**
 * The rating chart's drawing with uPlot, a module of its own that the profile imports on demand:
 * uPlot (about 50 KB) loads only when a chart shows (docs/architecture.md §6, "Profiles").
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './history.ts';

const HEIGHT = 200;
const DAY = 86_400;
/** Ratings above and below a lone point. */
const LONE_PAD = 50;
/** A tenth of the span above and below, to tens. */
const padded = (min: number, max: number): [number, number] => {
  const pad = (max - min) / 10;
  return [Math.floor((min - pad) / 10) * 10, Math.ceil((max + pad) / 10) * 10];
};
const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0' }, ticks: { stroke: '#cbd5e1' } };

/** Draws `data` into `el` at its width, following its resizes; returns what removes it. */
export function drawChart(el: HTMLElement, data: ChartData): () => void {
  const chart = new uPlot(
    {
      width: el.clientWidth,
      height: HEIGHT,
      scales: {
        // uPlot gives a lone time 1000 days (its 86400 / ms with ms 1e-3): a day either side instead.
        x: {
          time: true,
          range: (u, min, max) => (u.data[0].length === 1 ? [min - DAY, min + DAY] : [min, max]),
        },
        // A lone rating (one game) would otherwise stand on an axis from 0 to 3000.
        y: { range: (_u, min, max) => (min === max ? [min - LONE_PAD, max + LONE_PAD] : padded(min, max)) },
      },
      series: [
        { label: 'Date' },
        {
          label: 'Rating',
          stroke: '#b45309',
          width: 2,
          fill: 'rgba(245, 158, 11, 0.12)',
          points: { show: data[0].length <= 30, size: 6, fill: '#b45309' },
        },
      ],
      axes: [AXIS, { ...AXIS, size: 48 }],
      // The card names the chart; uPlot's legend would read 'Rating: --' until a pointer hovers, never on a phone.
      legend: { show: false },
    },
    data,
    el,
  );
  const resized = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
  resized.observe(el);
  return () => {
    resized.disconnect();
    chart.destroy();
  };
}
