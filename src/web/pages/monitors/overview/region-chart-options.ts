// The response chart when checks come from several regions (issue 21): a latency line per region,
// so one slow or failing vantage point stands out, with the failed checks' markers on top.
import type uPlot from 'uplot';
import type { ChartMarker } from '../../../components/charts/deployment-markers';
import { type ChartSetup, chartFrame, loneValuePoints } from './chart-options';
import { latestOf, type RegionSeries } from './region-series';

/**
 * Mid-tone hues that read on the light and the dark background alike; red is left to the
 * failure markers and green to the "up" status, so a region's colour never reads as a verdict.
 */
export const REGION_COLORS = [
  '#0ea5e9',
  '#8b5cf6',
  '#f59e0b',
  '#ec4899',
  '#14b8a6',
  '#6366f1',
  '#f97316',
  '#84cc16',
] as const;

export function regionColor(index: number): string {
  return REGION_COLORS[index % REGION_COLORS.length] as string;
}

export function regionChartData(series: RegionSeries): uPlot.AlignedData {
  return [series.times, ...series.lines, series.failures];
}

export function regionChartOptions(
  current: () => RegionSeries,
  markers: () => readonly ChartMarker[],
  width: number,
  setup: Omit<ChartSetup, 'chart'>,
): uPlot.Options {
  const { options, legend, failed } = chartFrame(() => current().totals, markers, width, setup);
  return {
    ...options,
    series: [
      {},
      ...current().regions.map((region, index) => ({
        label: region,
        stroke: regionColor(index),
        width: 2,
        // Each region's checks fall between the others': its line joins its own points.
        spanGaps: true,
        points: loneValuePoints(regionColor(index)),
        value: (_u: uPlot, _v: number | null, _series: number, at: number | null) =>
          at === null ? '—' : legend(latestOf(current().lines[index] ?? [], at)),
      })),
      failed,
    ],
  };
}
