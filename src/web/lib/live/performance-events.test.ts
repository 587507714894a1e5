import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { performanceKeys } from '../performance';
import { applyPerformanceMessage } from './performance-events';

function message(data: unknown, event = 'performance.run') {
  return { event, data: typeof data === 'string' ? data : JSON.stringify(data) };
}

describe('performance.run events', () => {
  it('records a running run’s progress without refetching the sites', () => {
    const client = new QueryClient();
    client.setQueryData(performanceKeys.sites(), []);
    const handled = applyPerformanceMessage(
      client,
      message({ siteId: 's-1', runId: 'r-1', status: 'running', monitorId: null, at: 1 }),
    );
    expect(handled).toBe(true);
    expect(client.getQueryData(performanceKeys.progress('s-1'))).toEqual({
      runId: 'r-1',
      status: 'running',
      error: null,
    });
    expect(client.getQueryState(performanceKeys.sites())?.isInvalidated).toBe(false);
  });

  it('a finished run marks the sites, runs and plan usage stale', () => {
    const client = new QueryClient();
    client.setQueryData(performanceKeys.sites(), []);
    client.setQueryData(performanceKeys.runs('s-1'), { pages: [], pageParams: [] });
    client.setQueryData(performanceKeys.plan, {});
    applyPerformanceMessage(client, message({ siteId: 's-1', runId: 'r-1', status: 'failed', at: 2 }));
    expect(client.getQueryState(performanceKeys.sites())?.isInvalidated).toBe(true);
    expect(client.getQueryState(performanceKeys.runs('s-1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(performanceKeys.plan)?.isInvalidated).toBe(true);
  });

  it('ignores malformed performance events and leaves other events to the monitor handler', () => {
    const client = new QueryClient();
    expect(applyPerformanceMessage(client, message('{not json'))).toBe(true);
    expect(
      applyPerformanceMessage(client, message({ siteId: 's-1', runId: 'r-1', status: 'exploded' })),
    ).toBe(true);
    expect(client.getQueryData(performanceKeys.progress('s-1'))).toBeUndefined();
    expect(applyPerformanceMessage(client, message({ monitorId: 'm-1' }, 'check.result'))).toBe(false);
  });
});
