import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import type { PingFacts } from '../../../../core/api/history';
import type { MonitorKind } from '../../../../core/api/monitors';
import { formatMs } from '../../../lib/format';
import { loopbackPing, makeResult, NO_REPLY } from '../../../test/monitors';
import { chartOf } from '../kinds/registry';
import { chartData, chartOptions } from './chart-options';
import { timingSeries } from './timing-series';

const AT = Date.UTC(2027, 0, 5, 10, 0, 0);

function optionsFor(kind: MonitorKind, results = [makeResult({ checkedAt: AT })]) {
  const series = timingSeries(results, chartOf(kind));
  const options = chartOptions(
    () => series,
    () => [],
    800,
    { chart: chartOf(kind), formatLatency: formatMs, padSeconds: 300, timeZone: 'UTC' },
  );
  return { series, options };
}

const UNTIMED = { dnsMs: null, connectMs: null, tlsMs: null, ttfbMs: null, downloadMs: null };

/** A ping check as the API sends it: whole milliseconds in totalMs, the precise figures beside. */
function pingResult(ping: PingFacts, overrides: Parameters<typeof makeResult>[0] = {}) {
  return makeResult({
    checkedAt: AT,
    statusCode: null,
    totalMs: Math.round(ping.rttAvgMs ?? 0),
    timings: UNTIMED,
    ping,
    ...overrides,
  });
}

const LOOPBACK = loopbackPing(2);

/** What the legend shows for series `label` with the cursor on check `at`. */
function legendValue(options: uPlot.Options, label: string, value: number | null, at: number): unknown {
  const series = options.series.find((one) => one.label === label);
  const format = series?.value as (u: uPlot, v: number | null, s: number, at: number) => string;
  return format({} as uPlot, value, 0, at);
}

/** The legend's names, bottom band first as the chart stacks them, then the failure markers. */
function legend(kind: MonitorKind): (string | undefined)[] {
  return optionsFor(kind)
    .options.series.slice(1)
    .map((series) => series.label as string | undefined)
    .reverse();
}

describe('response chart by kind', () => {
  it('names only the phases each kind measures', () => {
    expect(legend('http')).toEqual([
      'Failed',
      'DNS',
      'Connect',
      'TLS',
      'Time to first byte',
      'Download',
      'Other',
    ]);
    expect(legend('tcp')).toEqual(['Failed', 'DNS', 'Connect', 'TLS handshake', 'First byte']);
    expect(legend('dns')).toEqual(['Failed', 'Lookup']);
    expect(legend('ping')).toEqual(['Failed', 'Round trip (avg)', 'Min', 'Max', 'Packet loss']);
  });

  it('draws a ping’s precise average round trip between its min and max, and its loss on a % axis', () => {
    const { series, options } = optionsFor('ping', [pingResult(LOOPBACK)]);
    expect(series.parts).toEqual([[0.048]]);
    expect(series.spread).toEqual({ low: [0.031], high: [0.062] });
    expect(series.percent).toEqual([33.3]);
    expect(options.bands).toEqual([{ series: [2, 3], fill: expect.any(String) }]);
    expect(options.axes?.map((axis) => axis.scale)).toEqual([undefined, undefined, 'percent']);
    expect(legendValue(options, 'Round trip (avg)', 0.048, 0)).toBe('0.05 ms');
    expect(legendValue(options, 'Packet loss', 33.3, 0)).toBe('33.3%');
    // Sub-millisecond round trips get a scale of their own instead of hugging a 10 ms axis.
    const range = options.scales?.y?.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range({} as uPlot, 0, 0.062)).toEqual([0, 1]);
  });

  it('leaves a gap, not 0 ms, where a ping got no reply, and marks the check failed at full loss', () => {
    const { series, options } = optionsFor('ping', [
      pingResult(NO_REPLY, { checkedAt: AT, status: 'down' }),
      pingResult(LOOPBACK, { checkedAt: AT - 60_000 }),
    ]);
    expect(series.parts).toEqual([[0.048, null]]);
    expect(series.spread).toEqual({ low: [0.031, null], high: [0.062, null] });
    expect(series.percent).toEqual([33.3, 100]);
    expect(series.failures).toEqual([null, 0]);
    expect(legendValue(options, 'Failed', 0, 1)).toBe('not timed');
    expect(legendValue(options, 'Round trip (avg)', null, 1)).toBe('—');
  });

  it('draws no percentage axis or spread for kinds without them', () => {
    const { series, options } = optionsFor('http');
    expect(series.spread).toBeNull();
    expect(series.percent).toBeNull();
    expect(options.axes).toHaveLength(2);
    expect(options.bands).toEqual([]);
  });

  it('labels the millisecond axis at round values, in seconds past a second', () => {
    const axis = optionsFor('http').options.axes?.[1];
    const splits = axis?.splits as (u: uPlot, axis: number, min: number, max: number) => number[];
    const values = axis?.values as (u: uPlot, ticks: number[]) => string[];
    const ticks = splits({} as uPlot, 1, 0, 1650);
    expect(ticks).toEqual([0, 500, 1000, 1500]);
    expect(values({} as uPlot, ticks)).toEqual(['0 ms', '500 ms', '1 s', '1.5 s']);
  });

  it('draws a monitor’s first check as a dot per part, since a line or band needs two checks', () => {
    const dotsShown = (results: ReturnType<typeof makeResult>[]) => {
      const { series, options } = optionsFor('http', results);
      const plot = { data: chartData(series) } as unknown as uPlot;
      return options.series.slice(1, -1).map((one, index) => {
        const show = one.points?.show as (u: uPlot, seriesIdx: number) => boolean;
        return show(plot, index + 1);
      });
    };
    expect(dotsShown([makeResult({ checkedAt: AT })])).toEqual([true, true, true, true, true, true]);
    expect(dotsShown([makeResult({ checkedAt: AT + 60_000 }), makeResult({ checkedAt: AT })])).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('spans the interval either side of a single check instead of years', () => {
    const { options } = optionsFor('ping');
    const range = options.scales?.x?.range as (u: uPlot, min: number, max: number) => [number, number];
    const at = AT / 1000;
    const plotOf = (times: number[]) => ({ data: [times] }) as unknown as uPlot;
    // What uPlot hands the range for one point on a time axis in seconds: 1,000 days after it.
    expect(range(plotOf([at]), at, at + 86_400_000)).toEqual([at - 300, at + 300]);
    expect(range(plotOf([at - 60, at]), at - 60, at)).toEqual([at - 60, at]);
  });
});
