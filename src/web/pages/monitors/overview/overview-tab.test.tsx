import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckResult, PingFacts } from '../../../../core/api/history';
import type { Monitor } from '../../../../core/api/monitors';
import { json, stubServer, TEST_USER } from '../../../test/fake-server';
import {
  loopbackPing,
  makeDnsMonitor,
  makeHeartbeatMonitor,
  makeMonitor,
  makePingMonitor,
  makeResult,
  makeUptimeReport,
  NO_REPLY,
} from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';

const ONE_CHECK = { checks: 1, upChecks: 1, uptimePercent: 100, downtimeMs: 0, avgMs: 0, p50Ms: 0, p95Ms: 0 };
const oneCheckReport = makeUptimeReport({
  windows: { '24h': ONE_CHECK, '7d': ONE_CHECK, '30d': ONE_CHECK, '90d': ONE_CHECK },
});

function overviewOf(monitor: Monitor, results: CheckResult[]) {
  stubServer({
    user: TEST_USER,
    routes: {
      [`GET /api/v1/monitors/${monitor.id}`]: () => json(monitor),
      [`GET /api/v1/monitors/${monitor.id}/results`]: () => json({ results, nextCursor: null }),
      [`GET /api/v1/monitors/${monitor.id}/uptime`]: () => json(oneCheckReport),
      [`GET /api/v1/monitors/${monitor.id}/pings`]: () => json({ pings: [] }),
    },
  });
  return renderApp(`/dashboard/monitors/${monitor.id}`);
}

const UNTIMED = { dnsMs: null, connectMs: null, tlsMs: null, ttfbMs: null, downloadMs: null };
const verdict = makeResult({ statusCode: null, totalMs: 0, timings: UNTIMED });

const LOOPBACK = loopbackPing(3);

/** A ping check as the API sends it: its average rounded into totalMs (0 with no reply), the facts beside. */
function pingResult(ping: PingFacts, overrides: Partial<CheckResult> = {}): CheckResult {
  const totalMs = Math.round(ping.rttAvgMs ?? 0);
  return makeResult({ statusCode: null, totalMs, timings: UNTIMED, ping, ...overrides });
}

/** A DNS monitor's last three lookups, each failed the same way, newest first. */
function failedLookups(failure: { code: string; message: string }) {
  return [3000, 2000, 1000].map((checkedAt, i) =>
    makeResult({
      id: `r-${3 - i}`,
      checkedAt,
      status: 'down',
      statusCode: null,
      timings: UNTIMED,
      answers: [],
      failure,
    }),
  );
}

describe('monitor overview by kind', () => {
  it('offers no check now for a heartbeat, which fetches nothing, and still offers resume', async () => {
    const { unmount } = overviewOf(makeHeartbeatMonitor(), [verdict]);
    await screen.findByRole('list', { name: 'Recent runs' });
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    unmount();

    overviewOf(makeHeartbeatMonitor({ id: 'm-paused', paused: true }), [verdict]);
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('shows a heartbeat’s uptime without latency figures or a response column', async () => {
    overviewOf(makeHeartbeatMonitor(), [verdict]);
    const checks = await screen.findByRole('list', { name: 'Recent runs' });
    const uptime = screen.getByRole('region', { name: 'Uptime' });
    await waitFor(() => expect(uptime).toHaveTextContent('100.00%'));
    expect(uptime).not.toHaveTextContent('p95');
    expect(uptime).not.toHaveTextContent('avg');
    expect(within(checks).getByRole('listitem')).not.toHaveTextContent('ms');
    expect(screen.queryByText('Response')).toBeNull();
  });

  it('speaks of runs and pings, not checks, on a heartbeat with none yet', async () => {
    overviewOf(makeHeartbeatMonitor(), []);
    expect(await screen.findByRole('heading', { name: 'Recent runs' })).toBeInTheDocument();
    expect(
      screen.getByText('No pings yet. The first run shows here once its job pings the URL above.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No checks yet. The first one runs shortly.')).toBeNull();
  });

  it('shows a DNS monitor’s empty answer set once its checks found no such records', async () => {
    overviewOf(
      makeDnsMonitor(),
      failedLookups({ code: 'dns_no_answer', message: 'The system resolver has no A records for acme.dev.' }),
    );
    expect(await screen.findByRole('heading', { name: 'Current answers' })).toBeInTheDocument();
    expect(screen.getByText('No records.')).toBeInTheDocument();
    expect(screen.queryByText('No answers yet. The first check runs shortly.')).toBeNull();
  });

  it('says a DNS monitor’s lookups failed rather than that no check has run', async () => {
    overviewOf(
      makeDnsMonitor(),
      failedLookups({ code: 'timeout', message: 'No answer from the system resolver within 5 s.' }),
    );
    expect(
      await screen.findByText(
        'No answer in the last 3 checks. No answer from the system resolver within 5 s.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No answers yet. The first check runs shortly.')).toBeNull();
  });

  it('counts one check in the singular on the uptime tiles', async () => {
    overviewOf(makeMonitor(), [makeResult()]);
    const uptime = await screen.findByRole('region', { name: 'Uptime' });
    await waitFor(() => expect(within(uptime).getAllByText('1 check')).toHaveLength(4));
    expect(uptime).not.toHaveTextContent('1 checks');
  });

  it('writes a ping’s round trips under a millisecond as such, not as 0 ms', async () => {
    overviewOf(makePingMonitor({ lastLatencyMs: 0 }), [pingResult(LOOPBACK)]);
    const checks = await screen.findByRole('list', { name: 'Recent checks' });
    expect(within(checks).getByRole('listitem')).toHaveTextContent('0.05 ms');
    const uptime = screen.getByRole('region', { name: 'Uptime' });
    await waitFor(() => expect(uptime).toHaveTextContent('p95 <1 ms · avg <1 ms'));
    expect(screen.getByText(/every 15 min/)).toHaveTextContent('· <1 ms · every 15 min');
    expect(document.body).not.toHaveTextContent(/\b0 ms/);
  });

  it('writes each ping check’s precise average, its loss, and no time at all when nothing came back', async () => {
    overviewOf(makePingMonitor(), [
      pingResult(NO_REPLY, { id: 'r-2', status: 'down' }),
      pingResult({ ...LOOPBACK, received: 2, lossPercent: 33.3 }, { id: 'r-1' }),
    ]);
    const checks = await screen.findByRole('list', { name: 'Recent checks' });
    const [lost, partial] = within(checks).getAllByRole('listitem') as HTMLElement[];
    expect(partial).toHaveTextContent('0.05 ms33.3% loss');
    expect(lost).toHaveTextContent('—100% loss');
    expect(lost).not.toHaveTextContent(/\bms\b/);
    // The chart's text summary: the timed check's range, the loss at its worst.
    expect(
      await screen.findByText(
        'Response time of the last 2 checks: 0.05 ms to 0.05 ms. Packet loss up to 100%.',
      ),
    ).toBeInTheDocument();
  });

  it('drops the Code column for kinds without status codes', async () => {
    const { unmount } = overviewOf(makePingMonitor(), [pingResult(LOOPBACK)]);
    await screen.findByRole('list', { name: 'Recent checks' });
    expect(screen.getByText('Response')).toBeInTheDocument();
    expect(screen.queryByText('Code')).toBeNull();
    unmount();

    overviewOf(makeMonitor(), [makeResult({ statusCode: 503 })]);
    const checks = await screen.findByRole('list', { name: 'Recent checks' });
    expect(screen.getByText('Code')).toBeInTheDocument();
    expect(within(checks).getByRole('listitem')).toHaveTextContent('503');
  });

  it('keeps an HTTP check’s whole milliseconds', async () => {
    overviewOf(makeMonitor(), [makeResult({ totalMs: 120 })]);
    const checks = await screen.findByRole('list', { name: 'Recent checks' });
    expect(within(checks).getByRole('listitem')).toHaveTextContent('120 ms');
    expect(screen.getByRole('button', { name: 'Check now' })).toBeInTheDocument();
  });
});
