import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MonitorOf } from '../../../../../core/api/monitors';
import { HeartbeatPanel } from './heartbeat-panel';

vi.mock('../../../../lib/use-time-zone', () => ({ useTimeZone: () => 'UTC' }));

const monitor = {
  id: 'm1',
  kind: 'heartbeat',
  periodSeconds: null,
  cron: '*/5 * * * *',
  timezone: 'Europe/Berlin',
  graceSeconds: 120,
  pingUrl: 'http://localhost:3000/api/ping/tok',
  nextDueAt: Date.UTC(2026, 10, 2, 9, 5),
  late: true,
} as MonitorOf<'heartbeat'>;

describe('HeartbeatPanel', () => {
  it('shows the ping URL, the schedule, lateness and the ping log with durations', async () => {
    const fetch = vi.fn(async (_path: string) =>
      Response.json({
        pings: [
          {
            id: 'p1',
            at: Date.UTC(2026, 10, 2, 9, 0),
            kind: 'success',
            exitStatus: null,
            rid: null,
            durationMs: 42_000,
            sourceAddress: '203.0.113.7',
            userAgent: 'curl',
            body: null,
            bodyTruncated: false,
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HeartbeatPanel monitor={monitor} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText('http://localhost:3000/api/ping/tok')).toHaveLength(1);
    expect(screen.getByText(/\*\/5 \* \* \* \* in Europe\/Berlin/)).toBeInTheDocument();
    expect(screen.getByText('Late')).toBeInTheDocument();
    expect(await screen.findByText('42 s')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/monitors/m1/pings');
    vi.unstubAllGlobals();
  });
});
