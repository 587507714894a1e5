import 'uplot/dist/uPlot.min.css';
import '../metric-chart.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { FIELD_THRESHOLDS, type FieldMetric } from '../../../../core/api/field-vitals';
import { canDraw, cssColor } from '../../../components/charts/canvas';
import { type ChartMarker, markerPlugin } from '../../../components/charts/deployment-markers';
import { useColorScheme } from '../../../lib/use-color-scheme';
import { useTimeZone } from '../../../lib/use-time-zone';
import { fieldLabel, formatFieldValue } from './field-format';

const HEIGHT = 160;

export interface FieldPoint {
  /** uPlot's seconds. */
  at: number;
  value: number;
}

function chartData(points: readonly FieldPoint[]): uPlot.AlignedData {
  return [points.map((point) => point.at), points.map((point) => point.value)];
}

/** Google's "good" boundary, dashed across the whole plot however few days have a point. */
function goodLinePlugin(good: number, color: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const y = Math.round(u.valToPos(good, 'y', true)) + 0.5;
        const { ctx, bbox } = u;
        ctx.save();
        ctx.strokeStyle = color;
        ctx.lineWidth = devicePixelRatio;
        ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
        ctx.beginPath();
        ctx.moveTo(bbox.left, y);
        ctx.lineTo(bbox.left + bbox.width, y);
        ctx.stroke();
        ctx.restore();
      },
    },
  };
}

function chartOptions(
  metric: FieldMetric,
  span: readonly [number, number],
  markers: () => readonly ChartMarker[],
  width: number,
  timeZone: string,
): uPlot.Options {
  const muted = cssColor('--color-muted');
  const grid = cssColor('--color-border');
  const accent = cssColor('--color-accent');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const format = (value: number | null) => (value === null ? '—' : formatFieldValue(metric, value));
  const good = FIELD_THRESHOLDS[metric].good;
  return {
    width,
    height: HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
    plugins: [markerPlugin(markers), goodLinePlugin(good, muted)],
    scales: {
      // The whole range, however few of its days have page views.
      x: { time: true, range: () => [span[0], span[1]] },
      y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, good) * 1.15] },
    },
    axes: [
      axis,
      { ...axis, size: 64, values: (_u, ticks) => ticks.map((tick) => formatFieldValue(metric, tick)) },
    ],
    series: [
      {},
      {
        label: 'p75',
        stroke: accent,
        width: 2,
        points: { show: true, size: 7, fill: accent },
        value: (_u, v) => format(v),
      },
    ],
  };
}

/** One vital's daily p75 over the range, with the "good" line and deployment markers. */
export function FieldChart({
  metric,
  points,
  from,
  to,
  markers,
  caption,
}: {
  metric: FieldMetric;
  points: readonly FieldPoint[];
  /** The range's start and end, epoch ms: the x axis spans them. */
  from: number;
  to: number;
  markers: readonly ChartMarker[];
  /** What the chart covers, for its accessible summary: "by day over the last 28 days". */
  caption: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const timeZone = useTimeZone();
  const scheme = useColorScheme();
  const latest = useRef(points);
  latest.current = points;
  const latestMarkers = useRef(markers);
  latestMarkers.current = markers;
  const hasData = points.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scheme means new CSS colours to read
  useEffect(() => {
    const element = container.current;
    if (!element || !hasData || !canDraw()) return;
    const span = [from / 1000, to / 1000] as const;
    const options = chartOptions(metric, span, () => latestMarkers.current, element.clientWidth, timeZone);
    const plot = new uPlot(options, chartData(latest.current), element);
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [hasData, metric, from, to, timeZone, scheme]);

  useEffect(() => {
    chart.current?.setData(chartData(points));
  }, [points]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the plugin reads new markers through the ref
  useEffect(() => {
    chart.current?.redraw(false);
  }, [markers]);

  const label = fieldLabel(metric);
  const values = points.map((point) => point.value);
  const summary = hasData
    ? `${label} p75 ${caption}: ${formatFieldValue(metric, Math.min(...values))} to ${formatFieldValue(metric, Math.max(...values))}.`
    : `No ${label} measurements ${caption}.`;
  const good = `Dashed line: good up to ${formatFieldValue(metric, FIELD_THRESHOLDS[metric].good)}`;
  const marked = markers.length === 0 ? '' : ` Marked: ${markers.map((m) => m.description).join('; ')}.`;
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{label}</span>
        <span className="text-xs text-muted">{good}</span>
      </figcaption>
      <div
        ref={container}
        className="metric-chart min-h-[160px] w-full"
        role="img"
        aria-label={`${summary} ${good}.${marked}`}
      />
      {hasData ? null : <p className="text-xs text-muted">{summary}</p>}
    </figure>
  );
}
