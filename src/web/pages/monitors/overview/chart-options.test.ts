import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import type { MonitorKind } from '../../../../core/api/monitors';
import { formatMs } from '../../../lib/format';
import { makeResult } from '../../../test/monitors';
import { kindUi } from '../kinds/registry';
import { chartOptions } from './chart-options';
import { timingSeries } from './timing-series';

const AT = Date.UTC(2027, 0, 5, 10, 0, 0);

function optionsFor(kind: MonitorKind, results = [makeResult({ checkedAt: AT })]) {
  const series = timingSeries(results, kindUi(kind).chartParts);
  const options = chartOptions(
    () => series,
    () => [],
    800,
    { parts: kindUi(kind).chartParts, formatLatency: formatMs, padSeconds: 300, timeZone: 'UTC' },
  );
  return { series, options };
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
    expect(legend('ping')).toEqual(['Failed', 'Round trip (avg)']);
  });

  it('draws a ping check’s whole time as its round trip', () => {
    const { series } = optionsFor('ping', [makeResult({ checkedAt: AT, totalMs: 3 })]);
    expect(series.parts).toEqual([[3]]);
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
