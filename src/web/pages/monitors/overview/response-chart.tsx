import 'uplot/dist/uPlot.min.css';
import './response-chart.css';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { CheckResult } from '../../../../core/api/history';
import { type ChartMarker, markerPlugin } from '../../../components/charts/deployment-markers';
import { formatMs } from '../../../lib/format';
import { useColorScheme } from '../../../lib/use-color-scheme';
import { useTimeZone } from '../../../lib/use-time-zone';
import { CHART_PARTS, type TimingSeries, timingSeries } from './timing-series';

const HEIGHT = 240;

/** uPlot draws on a canvas; without a 2D context (a test DOM) only the text summary remains. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

function cssColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#64748b';
}

function chartData(series: TimingSeries): uPlot.AlignedData {
  return [series.times, ...[...series.stacked].reverse(), series.failures];
}

function chartOptions(
  current: () => TimingSeries,
  markers: () => readonly ChartMarker[],
  width: number,
  timeZone: string,
): uPlot.Options {
  const muted = cssColor('--color-muted');
  const grid = cssColor('--color-border');
  const danger = cssColor('--color-danger');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  // Bands are stacked by drawing the tallest running sum first and each lower one over it.
  const bands = CHART_PARTS.map((part, index) => ({ part, index })).reverse();
  return {
    width,
    height: HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
    cursor: { points: { show: false } },
    plugins: [markerPlugin(markers)],
    legend: { live: true },
    scales: { y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
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
          at === null ? '—' : formatMs(current().parts[index]?.[at] ?? 0),
      })),
      {
        label: 'Failed',
        stroke: danger,
        width: 0,
        paths: () => null,
        points: { show: true, size: 7, fill: danger, stroke: danger },
        value: (_u: uPlot, value: number | null) => (value === null ? '—' : formatMs(value)),
      },
    ],
  };
}

export function ResponseChart({
  results,
  markers = [],
}: {
  results: CheckResult[];
  /** Deployments (or other events) drawn as labelled vertical lines. */
  markers?: readonly ChartMarker[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const timeZone = useTimeZone();
  const scheme = useColorScheme();
  const series = useMemo(() => timingSeries(results), [results]);
  const latest = useRef(series);
  latest.current = series;
  const latestMarkers = useRef(markers);
  latestMarkers.current = markers;
  const hasData = series.times.length > 0;

  // Built once per time zone and colour scheme (CSS colours are read at build time)...
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scheme means new CSS colours to read
  useEffect(() => {
    const element = container.current;
    if (!element || !hasData || !canDraw()) return;
    const options = chartOptions(
      () => latest.current,
      () => latestMarkers.current,
      element.clientWidth,
      timeZone,
    );
    const plot = new uPlot(options, chartData(latest.current), element);
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [hasData, timeZone, scheme]);

  // ...and fed new results in place as checks arrive.
  useEffect(() => {
    chart.current?.setData(chartData(series));
  }, [series]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the plugin reads new markers through the ref
  useEffect(() => {
    chart.current?.redraw(false);
  }, [markers]);

  const totals = results.map((result) => result.totalMs);
  const summary =
    totals.length === 0
      ? 'No checks yet.'
      : `Response time of the last ${totals.length} checks: ${formatMs(Math.min(...totals))} to ${formatMs(Math.max(...totals))}.`;

  const marked =
    markers.length === 0 ? '' : ` Marked: ${markers.map((marker) => marker.description).join('; ')}.`;

  return (
    <figure>
      <div ref={container} className="response-chart min-h-[240px] w-full" role="img" aria-label={summary} />
      <figcaption className="sr-only">{`${summary}${marked}`}</figcaption>
    </figure>
  );
}
