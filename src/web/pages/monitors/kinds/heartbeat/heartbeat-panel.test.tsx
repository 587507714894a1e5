import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeartbeatPing } from '../../../../../core/api/monitor-kinds/heartbeat';
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

function ping(id: string, at: number, kind: HeartbeatPing['kind'], durationMs: number | null): HeartbeatPing {
  return {
    id,
    at,
    kind,
    exitStatus: null,
    rid: null,
    durationMs,
    sourceAddress: '203.0.113.7',
    userAgent: 'curl',
    body: null,
    bodyTruncated: false,
  };
}

function renderPanel(pings: HeartbeatPing[]) {
  const fetch = vi.fn(async (_path: string) => Response.json({ pings }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HeartbeatPanel monitor={monitor} />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HeartbeatPanel', () => {
  it('shows the ping URL, the schedule, lateness and the ping log with durations', async () => {
    const fetch = renderPanel([ping('p1', Date.UTC(2026, 10, 2, 9, 0), 'success', 42_000)]);
    expect(screen.getAllByText('http://localhost:3000/api/ping/tok')).toHaveLength(1);
    expect(screen.getByText(/\*\/5 \* \* \* \* in Europe\/Berlin/)).toBeInTheDocument();
    expect(screen.getByText('Late')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '42 s' })).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/monitors/m1/pings');
  });

  it('charts the run durations with a text summary of the shortest, longest and latest run', async () => {
    renderPanel([
      ping('p5', Date.UTC(2026, 10, 2, 10, 0, 2), 'success', 2_100),
      ping('p4', Date.UTC(2026, 10, 2, 10, 0), 'start', null),
      ping('p3', Date.UTC(2026, 10, 2, 9, 4, 3), 'success', 243_000),
      ping('p2', Date.UTC(2026, 10, 2, 9, 0), 'start', null),
      ping('p1', Date.UTC(2026, 10, 2, 8, 0, 1), 'success', 1_200),
    ]);
    expect(await screen.findByRole('heading', { name: 'Run durations' })).toBeInTheDocument();
    expect(screen.getByText('Last 3 runs: shortest 1 s, longest 4 min 3 s, latest 2 s')).toBeInTheDocument();
    // The time axis runs from the first run's end to the latest's, in the viewer's zone.
    expect(screen.getByText('Nov 2, 2026, 8:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Nov 2, 2026, 10:00 AM')).toBeInTheDocument();
  });

  it('gives runs shorter than a second an axis up to 2 s, not three lines all labelled 0 s', async () => {
    renderPanel([ping('p1', Date.UTC(2026, 10, 2, 9, 0), 'success', 40)]);
    expect(await screen.findByText('Last run: 0 s')).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Run durations' }).parentElement as HTMLElement;
    // Each label is in the flow once (for the column width) and placed once.
    for (const label of ['0 s', '1 s', '2 s']) expect(within(card).getAllByText(label)).toHaveLength(2);
  });

  it('leaves the run durations out when no ping closed a timed run', async () => {
    renderPanel([
      ping('p2', Date.UTC(2026, 10, 2, 9, 0), 'success', null),
      ping('p1', Date.UTC(2026, 10, 2, 8, 0), 'start', null),
    ]);
    expect(await screen.findAllByRole('cell', { name: 'Success' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Run durations' })).not.toBeInTheDocument();
  });
});
