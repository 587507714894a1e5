import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { formatMs } from '../../../lib/format';
import { makeResult } from '../../../test/monitors';
import { chartOf } from '../kinds/registry';
import { REGION_COLORS, regionChartData, regionChartOptions } from './region-chart-options';
import { regionSeries } from './region-series';

const AT = Date.UTC(2027, 0, 5, 10, 0, 0);

/** One round from a, b and c (newest first), a failing with no time. */
const round = [
  makeResult({ id: 'r-c', region: 'c', checkedAt: AT + 2000, totalMs: 130 }),
  makeResult({ id: 'r-b', region: 'b', checkedAt: AT + 1000, totalMs: 80 }),
  makeResult({ id: 'r-a', region: 'a', checkedAt: AT, totalMs: 0, status: 'down' }),
  makeResult({ id: 'r-a0', region: 'a', checkedAt: AT - 60_000, totalMs: 40 }),
];

function build() {
  const series = regionSeries(round, chartOf('http'));
  const options = regionChartOptions(
    () => series,
    () => [],
    800,
    { formatLatency: formatMs, padSeconds: 60, timeZone: 'UTC' },
  );
  return { series, options };
}

describe('response chart with a line per region', () => {
  it('draws regions a, b and c as lines of distinct colours, then the failed checks', () => {
    const { options } = build();
    const lines = options.series.slice(1);
    expect(lines.map((line) => line.label)).toEqual(['a', 'b', 'c', 'Failed']);
    const colours = lines.slice(0, 3).map((line) => line.stroke);
    expect(colours).toEqual(REGION_COLORS.slice(0, 3));
    expect(lines.slice(0, 3).every((line) => line.spanGaps === true && line.width === 2)).toBe(true);
  });

  it('puts each check in its own region’s column, with every check’s time on one axis', () => {
    const { series } = build();
    expect(series.times).toEqual([AT / 1000 - 60, AT / 1000, AT / 1000 + 1, AT / 1000 + 2]);
    expect(series.lines).toEqual([
      [40, 0, null, null],
      [null, null, 80, null],
      [null, null, null, 130],
    ]);
    expect(series.failures).toEqual([null, 0, null, null]);
    expect(regionChartData(series)).toHaveLength(5);
  });

  it('draws a region with one check so far as a dot, and lines for those with more', () => {
    const { series, options } = build();
    const plot = { data: regionChartData(series) } as unknown as uPlot;
    const dots = options.series.slice(1, 4).map((line, index) => {
      const show = line.points?.show as (u: uPlot, seriesIdx: number) => boolean;
      return show(plot, index + 1);
    });
    expect(dots).toEqual([false, true, true]);
  });

  it('reads each region’s latest check under the cursor, not a dash for another region’s', () => {
    const { options } = build();
    const value = (label: string, at: number) => {
      const line = options.series.find((one) => one.label === label);
      const format = line?.value as (u: uPlot, v: number | null, s: number, at: number) => string;
      return format({} as uPlot, null, 0, at);
    };
    expect(value('a', 3)).toBe('0 ms');
    expect(value('b', 3)).toBe('80 ms');
    expect(value('c', 1)).toBe('—');
  });
});
