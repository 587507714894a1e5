// The response chart's uPlot set-up: the kind's percentage as bars at the back, its spread as a
// shaded range, one stacked band (or line) per part it measures, then failed checks as markers.
// Checks from several regions draw a line per region instead (region-chart-options.ts).
import uPlot from 'uplot';
import { cssColor } from '../../../components/charts/canvas';
import { type ChartMarker, markerPlugin } from '../../../components/charts/deployment-markers';
import { formatShare, type KindChart } from '../kinds/chart-parts';
import { formatLatencyTick, latencyTicks } from './latency-axis';
import { type TimingSeries, timeRange } from './timing-series';

export const HEIGHT = 240;

export interface ChartSetup {
  chart: KindChart;
  /** How the legend reads a check's time (a ping's "<1 ms"). */
  formatLatency: (ms: number) => string;
  /** Half the time axis's span when every check falls on one instant. */
  padSeconds: number;
  timeZone: string;
}

export function chartData(series: TimingSeries): uPlot.AlignedData {
  return [
    series.times,
    ...(series.percent ? [series.percent] : []),
    ...(series.spread ? [series.spread.high, series.spread.low] : []),
    ...[...series.stacked].reverse(),
    series.failures,
  ];
}

type Legend = (ms: number | null | undefined) => string;

/**
 * uPlot draws a line or band through two values or more: a series with one value (a monitor's
 * first check, a region's only one) left the chart empty. Such a series shows its value as a dot.
 */
export function loneValuePoints(color: string): uPlot.Series.Points {
  return {
    show: (u: uPlot, seriesIdx: number) => {
      let values = 0;
      for (const value of u.data[seriesIdx] ?? []) if (value !== null && value !== undefined) values += 1;
      return values === 1;
    },
    size: 8,
    fill: color,
    stroke: color,
  };
}

function percentSeries(chart: KindChart): uPlot.Series[] {
  const { percent } = chart;
  if (!percent) return [];
  return [
    {
      label: percent.label,
      scale: 'percent',
      stroke: percent.color,
      fill: `${percent.color}40`,
      width: 1,
      paths: uPlot.paths.bars?.({ size: [0.6, 12] }),
      points: { show: false },
      value: (_u, value) => (value === null ? '—' : formatShare(value)),
    },
  ];
}

function spreadSeries(chart: KindChart, legend: Legend): uPlot.Series[] {
  const { spread } = chart;
  if (!spread) return [];
  return [spread.high, spread.low].map((edge) => ({
    label: edge.label,
    stroke: `${spread.color}99`,
    width: 1,
    points: { show: false },
    value: (_u: uPlot, value: number | null) => legend(value),
  }));
}

/**
 * What every response chart shares, whatever its lines: the time axis in the viewer's zone, the
 * millisecond axis, the markers, and failed checks drawn as red dots at their own time.
 */
export function chartFrame(
  totals: () => readonly (number | null)[],
  markers: () => readonly ChartMarker[],
  width: number,
  { formatLatency, padSeconds, timeZone }: Omit<ChartSetup, 'chart'>,
) {
  const muted = cssColor('--color-muted');
  const grid = cssColor('--color-border');
  const danger = cssColor('--color-danger');
  const axis: uPlot.Axis = {
    stroke: muted,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  const legend: Legend = (ms) => (ms === null || ms === undefined ? '—' : formatLatency(ms));
  const failed: uPlot.Series = {
    label: 'Failed',
    stroke: danger,
    width: 0,
    paths: () => null,
    points: { show: true, size: 7, fill: danger, stroke: danger },
    value: (_u: uPlot, value: number | null, _series: number, at: number | null) => {
      if (value === null || at === null) return '—';
      // A failed check that measured nothing sits on the axis, yet must not read as 0 ms.
      return totals()[at] === null ? 'not timed' : legend(value);
    },
  };
  const options = {
    width,
    height: HEIGHT,
    tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
    cursor: { points: { show: false } },
    plugins: [markerPlugin(markers)],
    legend: { live: true },
    scales: {
      x: {
        time: true,
        range: (u: uPlot, min: number, max: number) => timeRange(u.data[0], min, max, padSeconds),
      },
      // A floor of one millisecond, not more, so a loopback's 0.05 ms round trips still rise.
      y: { range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(1, max * 1.1)] },
    },
    axes: [
      axis,
      {
        ...axis,
        size: 64,
        splits: (_u: uPlot, _axis: number, min: number, max: number) => latencyTicks(min, max),
        values: (_u: uPlot, ticks: number[]) => ticks.map(formatLatencyTick),
      },
    ],
  } satisfies Omit<uPlot.Options, 'series'>;
  return { options, axis, legend, failed };
}

export function chartOptions(
  current: () => TimingSeries,
  markers: () => readonly ChartMarker[],
  width: number,
  setup: ChartSetup,
): uPlot.Options {
  const { chart } = setup;
  const { options, axis, legend, failed } = chartFrame(() => current().totals, markers, width, setup);
  // uPlot numbers series from 1; the spread's two edges come right after the percentage.
  const high = chart.percent ? 2 : 1;
  // Bands are stacked by drawing the tallest running sum first and each lower one over it.
  const bands = chart.parts.map((part, index) => ({ part, index })).reverse();
  return {
    ...options,
    scales: { ...options.scales, percent: { range: [0, 100] } },
    axes: [
      ...options.axes,
      ...(chart.percent
        ? [{ ...axis, scale: 'percent', side: 1, size: 48, grid: { show: false }, values: shareTicks }]
        : []),
    ],
    bands: chart.spread ? [{ series: [high, high + 1], fill: `${chart.spread.color}26` }] : [],
    series: [
      {},
      ...percentSeries(chart),
      ...spreadSeries(chart, legend),
      ...bands.map(({ part, index }) => ({
        label: part.label,
        stroke: part.color,
        fill: part.line ? undefined : part.color,
        width: part.line ? 2 : 0,
        points: loneValuePoints(part.color),
        // The legend shows each part's own time, not the running sum drawn.
        value: (_u: uPlot, _v: number | null, _series: number, at: number | null) =>
          at === null ? '—' : legend(current().parts[index]?.[at]),
      })),
      failed,
    ],
  };
}

function shareTicks(_u: uPlot, ticks: number[]): string[] {
  return ticks.map((tick) => formatShare(tick));
}
