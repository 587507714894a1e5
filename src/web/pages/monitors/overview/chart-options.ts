// The response chart's uPlot set-up: one stacked band per part the monitor's kind measures,
// then failed checks as markers.
import uPlot from 'uplot';
import { type ChartMarker, markerPlugin } from '../../../components/charts/deployment-markers';
import { formatMs } from '../../../lib/format';
import type { ChartPart } from '../kinds/chart-parts';
import { type TimingSeries, timeRange } from './timing-series';

export const HEIGHT = 240;

export interface ChartSetup {
  parts: readonly ChartPart[];
  /** How the legend reads a check's time (a ping's "<1 ms"). */
  formatLatency: (ms: number) => string;
  /** Half the time axis's span when every check falls on one instant. */
  padSeconds: number;
  timeZone: string;
}

function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#64748b';
}

export function chartData(series: TimingSeries): uPlot.AlignedData {
  return [series.times, ...[...series.stacked].reverse(), series.failures];
}

export function chartOptions(
  current: () => TimingSeries,
  markers: () => readonly ChartMarker[],
  width: number,
  { parts, formatLatency, padSeconds, timeZone }: ChartSetup,
): uPlot.Options {
  const muted = cssColor('--color-muted');
  const grid = cssColor('--color-border');
  const danger = cssColor('--color-danger');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  // Bands are stacked by drawing the tallest running sum first and each lower one over it.
  const bands = parts.map((part, index) => ({ part, index })).reverse();
  return {
    width,
    height: HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
    cursor: { points: { show: false } },
    plugins: [markerPlugin(markers)],
    legend: { live: true },
    scales: {
      x: { time: true, range: (u, min, max) => timeRange(u.data[0], min, max, padSeconds) },
      y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] },
    },
    axes: [axis, { ...axis, size: 64, values: (_u, ticks) => ticks.map((tick) => formatMs(tick)) }],
    series: [
      {},
      ...bands.map(({ part, index }) => ({
        label: part.label,
        stroke: part.color,
        fill: part.color,
        width: 0,
        points: { show: false },
        // The legend shows each part's own time, not the running sum drawn.
        value: (_u: uPlot, _v: number | null, _series: number, at: number | null) =>
          at === null ? '—' : formatLatency(current().parts[index]?.[at] ?? 0),
      })),
      {
        label: 'Failed',
        stroke: danger,
        width: 0,
        paths: () => null,
        points: { show: true, size: 7, fill: danger, stroke: danger },
        value: (_u: uPlot, value: number | null) => (value === null ? '—' : formatLatency(value)),
      },
    ],
  };
}
