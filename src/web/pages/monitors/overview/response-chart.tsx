import 'uplot/dist/uPlot.min.css';
import './response-chart.css';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { CheckResult } from '../../../../core/api/history';
import type { ChartMarker } from '../../../components/charts/deployment-markers';
import { formatCount } from '../../../lib/format';
import { useColorScheme } from '../../../lib/use-color-scheme';
import { useTimeZone } from '../../../lib/use-time-zone';
import { type ChartSetup, chartData, chartOptions, HEIGHT } from './chart-options';
import { timingSeries } from './timing-series';

/** uPlot draws on a canvas; without a 2D context (a test DOM) only the text summary remains. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export function ResponseChart({
  results,
  markers = [],
  parts,
  formatLatency,
  padSeconds,
}: Omit<ChartSetup, 'timeZone'> & {
  results: CheckResult[];
  /** Deployments (or other events) drawn as labelled vertical lines. */
  markers?: readonly ChartMarker[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const timeZone = useTimeZone();
  const scheme = useColorScheme();
  const series = useMemo(() => timingSeries(results, parts), [results, parts]);
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
      {
        parts,
        formatLatency,
        padSeconds,
        timeZone,
      },
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
  }, [hasData, timeZone, scheme, parts, formatLatency, padSeconds]);

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
      : `Response time of the last ${formatCount(totals.length, 'check', 'checks')}: ${formatLatency(Math.min(...totals))} to ${formatLatency(Math.max(...totals))}.`;

  const marked =
    markers.length === 0 ? '' : ` Marked: ${markers.map((marker) => marker.description).join('; ')}.`;

  return (
    <figure>
      <div ref={container} className="response-chart min-h-[240px] w-full" role="img" aria-label={summary} />
      <figcaption className="sr-only">{`${summary}${marked}`}</figcaption>
    </figure>
  );
}
