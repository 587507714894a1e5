import 'uplot/dist/uPlot.min.css';
import './metric-chart.css';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { PerformanceMetric, PerformanceRun } from '../../../core/api/performance';
import { canDraw, cssColor } from '../../components/charts/canvas';
import { type ChartMarker, markerPlugin } from '../../components/charts/deployment-markers';
import { useColorScheme } from '../../lib/use-color-scheme';
import { useTimeZone } from '../../lib/use-time-zone';
import { describeLimit, formatMetric, metricLabel } from './metrics';

const HEIGHT = 180;

interface Series {
  times: number[];
  values: number[];
}

/** Finished runs with this metric, oldest first, on uPlot's seconds axis. */
function seriesOf(runs: readonly PerformanceRun[], metric: PerformanceMetric): Series {
  const points = runs
    .filter((run) => run.status === 'succeeded' && run.metrics?.[metric] != null)
    .map((run) => ({ at: (run.finishedAt ?? run.queuedAt) / 1000, value: run.metrics?.[metric] as number }))
    .sort((a, b) => a.at - b.at);
  return { times: points.map((p) => p.at), values: points.map((p) => p.value) };
}

const HALF_DAY = 12 * 60 * 60;

/**
 * The x range in seconds for the runs' times. With one run, uPlot's auto range has already
 * widened min..max to 86,400 of its time units from the run (1,000 days on a seconds axis, the
 * point at the left edge), so the range is taken from the data: the run ± 12 hours. Several
 * runs keep their own span.
 */
export function timeRange(
  times: ArrayLike<number>,
  min: number | null,
  max: number | null,
): uPlot.Range.MinMax {
  const only = times.length === 1 ? times[0] : undefined;
  return only === undefined ? [min, max] : [only - HALF_DAY, only + HALF_DAY];
}

function chartData(series: Series, limit: number | undefined): uPlot.AlignedData {
  const data: uPlot.AlignedData = [series.times, series.values];
  // The budget is a second series at the limit on every x: a horizontal line across the chart.
  return limit === undefined ? data : [...data, series.times.map(() => limit)];
}

function chartOptions(
  metric: PerformanceMetric,
  limit: number | undefined,
  markers: () => readonly ChartMarker[],
  width: number,
  timeZone: string,
): uPlot.Options {
  const muted = cssColor('--color-muted');
  const grid = cssColor('--color-border');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const format = (value: number | null) => (value === null ? '—' : formatMetric(metric, value));
  const series: uPlot.Series[] = [
    {},
    { label: metricLabel(metric), stroke: cssColor('--color-accent'), width: 2, value: (_u, v) => format(v) },
  ];
  if (limit !== undefined) {
    series.push({
      label: 'Budget',
      stroke: cssColor('--color-danger'),
      width: 1.5,
      dash: [6, 4],
      points: { show: false },
      value: (_u, v) => format(v),
    });
  }
  return {
    width,
    height: HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
    plugins: [markerPlugin(markers)],
    scales: {
      x: { time: true, range: (u, min, max) => timeRange(u.data[0], min, max) },
      y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max * 1.15, metric === 'cls' ? 0.1 : 1)] },
    },
    axes: [
      axis,
      { ...axis, size: 70, values: (_u, ticks) => ticks.map((tick) => formatMetric(metric, tick)) },
    ],
    series,
  };
}

/** One metric's trend over the runs, with its budget as a dashed line and deployment markers. */
export function MetricChart({
  runs,
  metric,
  limit,
  markers = [],
}: {
  runs: readonly PerformanceRun[];
  metric: PerformanceMetric;
  limit?: number;
  markers?: readonly ChartMarker[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const timeZone = useTimeZone();
  const scheme = useColorScheme();
  const series = useMemo(() => seriesOf(runs, metric), [runs, metric]);
  const latest = useRef({ series, limit });
  latest.current = { series, limit };
  const latestMarkers = useRef(markers);
  latestMarkers.current = markers;
  const hasData = series.times.length > 0;

  // Rebuilt when the budget line comes or goes (a different series count), the zone or the scheme.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scheme means new CSS colours to read
  useEffect(() => {
    const element = container.current;
    if (!element || !hasData || !canDraw()) return;
    const options = chartOptions(metric, limit, () => latestMarkers.current, element.clientWidth, timeZone);
    const plot = new uPlot(options, chartData(latest.current.series, limit), element);
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [hasData, metric, limit, timeZone, scheme]);

  useEffect(() => {
    chart.current?.setData(chartData(series, latest.current.limit));
  }, [series]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the plugin reads new markers through the ref
  useEffect(() => {
    chart.current?.redraw(false);
  }, [markers]);

  const label = metricLabel(metric);
  const summary = hasData
    ? `${label} over the last ${series.times.length} runs: ${formatMetric(metric, Math.min(...series.values))} to ${formatMetric(metric, Math.max(...series.values))}.`
    : `No ${label} measurements yet.`;
  const budget = limit === undefined ? null : `Budget: ${describeLimit(metric, limit)}`;
  const marked = markers.length === 0 ? '' : ` Marked: ${markers.map((m) => m.description).join('; ')}.`;

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{label}</span>
        {budget ? <span className="text-xs text-danger">{budget}</span> : null}
      </figcaption>
      <div
        ref={container}
        className="metric-chart min-h-[180px] w-full"
        role="img"
        aria-label={`${summary}${marked}`}
      />
      {hasData ? null : <p className="text-xs text-muted">{summary}</p>}
    </figure>
  );
}
