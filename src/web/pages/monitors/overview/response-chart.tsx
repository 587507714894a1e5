import 'uplot/dist/uPlot.min.css';
import './response-chart.css';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { CheckResult } from '../../../../core/api/history';
import { canDraw } from '../../../components/charts/canvas';
import type { ChartMarker } from '../../../components/charts/deployment-markers';
import { formatCount } from '../../../lib/format';
import { useColorScheme } from '../../../lib/use-color-scheme';
import { useTimeZone } from '../../../lib/use-time-zone';
import { formatShare } from '../kinds/chart-parts';
import { type ChartSetup, chartData, chartOptions, HEIGHT } from './chart-options';
import { regionChartData, regionChartOptions } from './region-chart-options';
import { type RegionSeries, regionSeries } from './region-series';
import { type TimingSeries, timingSeries } from './timing-series';

/** "0.05 ms to 2 ms", or "none timed". */
function rangeOf(values: readonly (number | null)[], formatLatency: (ms: number) => string): string {
  const timed = values.filter((ms) => ms !== null);
  if (timed.length === 0) return 'none timed';
  return `${formatLatency(Math.min(...timed))} to ${formatLatency(Math.max(...timed))}`;
}

/** What a screen reader hears instead of the chart: the checks' time range, and the percentage's peak. */
function chartSummary(
  series: TimingSeries,
  { chart, formatLatency }: Pick<ChartSetup, 'chart' | 'formatLatency'>,
): string {
  const count = series.times.length;
  if (count === 0) return 'No checks yet.';
  const range = rangeOf(series.totals, formatLatency);
  const peak = Math.max(0, ...(series.percent ?? []).filter((value) => value !== null));
  const percent = !chart.percent
    ? ''
    : peak > 0
      ? ` ${chart.percent.label} up to ${formatShare(peak)}.`
      : ` No ${chart.percent.label.toLowerCase()}.`;
  return `Response time of the last ${formatCount(count, 'check', 'checks')}: ${range}.${percent}`;
}

/** The same for a line per region: each region's range. */
function regionSummary(series: RegionSeries, formatLatency: (ms: number) => string): string {
  const ranges = series.regions.map(
    (region, index) => `${region} ${rangeOf(series.lines[index] ?? [], formatLatency)}`,
  );
  return `Response time of the last ${formatCount(series.times.length, 'check', 'checks')} from ${series.regions.length} regions: ${ranges.join('; ')}.`;
}

export function ResponseChart({
  results,
  markers = [],
  chart,
  formatLatency,
  padSeconds,
}: Omit<ChartSetup, 'timeZone'> & {
  results: CheckResult[];
  /** Deployments (or other events) drawn as labelled vertical lines. */
  markers?: readonly ChartMarker[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<uPlot | null>(null);
  const timeZone = useTimeZone();
  const scheme = useColorScheme();
  const series = useMemo(() => timingSeries(results, chart), [results, chart]);
  const byRegion = useMemo(() => regionSeries(results, chart), [results, chart]);
  // Checks from one region keep the kind's breakdown; from several, a line per region.
  const regionNames = byRegion.regions.length > 1 ? byRegion.regions.join() : '';
  const latest = useRef({ series, byRegion });
  latest.current = { series, byRegion };
  const latestMarkers = useRef(markers);
  latestMarkers.current = markers;
  const hasData = series.times.length > 0;
  const dataOf = regionNames
    ? () => regionChartData(latest.current.byRegion)
    : () => chartData(latest.current.series);

  // Built once per time zone, colour scheme and set of regions (CSS colours are read at build time)...
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scheme means new CSS colours to read
  useEffect(() => {
    const element = container.current;
    if (!element || !hasData || !canDraw()) return;
    const setup = { chart, formatLatency, padSeconds, timeZone };
    const options = regionNames
      ? regionChartOptions(
          () => latest.current.byRegion,
          () => latestMarkers.current,
          element.clientWidth,
          setup,
        )
      : chartOptions(
          () => latest.current.series,
          () => latestMarkers.current,
          element.clientWidth,
          setup,
        );
    const plot = new uPlot(options, dataOf(), element);
    drawn.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      drawn.current = null;
    };
  }, [hasData, timeZone, scheme, chart, formatLatency, padSeconds, regionNames]);

  // ...and fed new results in place as checks arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataOf reads the new results through the ref
  useEffect(() => {
    drawn.current?.setData(dataOf());
  }, [series, byRegion]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the plugin reads new markers through the ref
  useEffect(() => {
    drawn.current?.redraw(false);
  }, [markers]);

  const summary = regionNames
    ? regionSummary(byRegion, formatLatency)
    : chartSummary(series, { chart, formatLatency });

  const marked =
    markers.length === 0 ? '' : ` Marked: ${markers.map((marker) => marker.description).join('; ')}.`;

  return (
    <figure>
      <div ref={container} className="response-chart min-h-[240px] w-full" role="img" aria-label={summary} />
      <figcaption className="sr-only">{`${summary}${marked}`}</figcaption>
    </figure>
  );
}
