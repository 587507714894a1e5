import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Monitor } from '../../../core/api/monitors';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import {
  makeDnsMonitor,
  makeHeartbeatMonitor,
  makeMonitor,
  makeResult,
  makeTcpMonitor,
  makeUptimeReport,
  rowOf,
} from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const MINUTE = 60_000;
const NOW = Date.UTC(2025, 2, 3, 12, 0, 0);
const rows = [makeMonitor({ id: 'h' }), makeTcpMonitor({ id: 't' }), makeDnsMonitor({ id: 'd' })].map(rowOf);

function detailRoutes(monitor: Monitor, results = [makeResult()]) {
  return {
    [`GET /api/v1/monitors/${monitor.id}`]: () => json(monitor),
    [`GET /api/v1/monitors/${monitor.id}/results`]: () => json({ results, nextCursor: null }),
    [`GET /api/v1/monitors/${monitor.id}/uptime`]: () => json(makeUptimeReport()),
  };
}

describe('monitor kinds in lists', () => {
  it('shows each monitor’s kind beside its target in the monitors table', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard/monitors');
    const table = await screen.findByRole('table');
    const [, ...body] = within(table).getAllByRole('row');
    const byName = (name: string) =>
      body.find((row) => within(row).queryByRole('link', { name })) as HTMLElement;
    expect(within(byName('Marketing site')).getByTitle('HTTP(S) website or API')).toHaveTextContent('HTTP');
    expect(byName('Database')).toHaveTextContent('TCPdb.acme.dev:5432 (TLS)');
    expect(byName('Apex record')).toHaveTextContent('DNSacme.dev A @1.1.1.1');
  });

  it('shows each monitor’s kind on the dashboard rows', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }) },
    });
    renderApp('/dashboard');
    const row = (await screen.findByRole('link', { name: 'Database' })).closest('li') as HTMLElement;
    expect(within(row).getByTitle('TCP port')).toHaveTextContent('TCP');
    expect(row).toHaveTextContent('db.acme.dev:5432 (TLS)');
  });
});

describe('latency of a kind that times nothing', () => {
  const beat = rowOf(makeHeartbeatMonitor({ lastLatencyMs: 0 }));
  const listed = { 'GET /api/v1/monitors': () => json({ monitors: [beat], nextCursor: null }) };
  // What a heartbeat's row would read if its 0 ms verdicts were shown as times.
  const anyTime = /\d ms/;

  it('shows no response time on a heartbeat’s row of the monitors table', async () => {
    stubServer({ user: TEST_USER, routes: listed });
    renderApp('/dashboard/monitors');
    const link = await screen.findByRole('link', { name: 'Nightly backup' });
    expect(link.closest('tr')).not.toHaveTextContent(anyTime);
  });

  it('shows no average or response line on a heartbeat’s dashboard row', async () => {
    stubServer({ user: TEST_USER, routes: listed });
    renderApp('/dashboard');
    const row = (await screen.findByRole('link', { name: 'Nightly backup' })).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('99.50%');
    expect(row).not.toHaveTextContent(anyTime);
    expect(within(row).queryByRole('img', { name: /Response time/ })).toBeNull();
  });

  it('shows no daily average on a heartbeat’s uptime strip', async () => {
    const monitor = makeHeartbeatMonitor();
    stubServer({
      user: TEST_USER,
      routes: { ...detailRoutes(monitor), 'GET /api/v1/monitors/m-beat/pings': () => json({ pings: [] }) },
    });
    renderApp('/dashboard/monitors/m-beat/uptime');
    const strip = await screen.findByRole('list', { name: 'Daily uptime, last 90 days' });
    const day = within(strip).getAllByRole('img')[88] as HTMLElement;
    expect(day).toHaveAccessibleName('Sun, Mar 2, 2025: 93.75% uptime, 96 checks');
  });
});

describe('monitor kinds on the monitor page', () => {
  it('offers the Performance tab to HTTP monitors only', async () => {
    stubServer({ user: TEST_USER, routes: detailRoutes(makeTcpMonitor()) });
    const { unmount } = renderApp('/dashboard/monitors/m-tcp');
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.getByText('db.acme.dev:5432 (TLS)')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Performance' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeInTheDocument();
    unmount();

    stubServer({ user: TEST_USER, routes: detailRoutes(makeMonitor()) });
    renderApp('/dashboard/monitors/m-1');
    expect(await screen.findByRole('tab', { name: 'Performance' })).toBeInTheDocument();
  });

  it('offers a heartbeat no Deployments or Security tab, and opens its overview for their links', async () => {
    const monitor = makeHeartbeatMonitor();
    const routes = {
      ...detailRoutes(monitor),
      'GET /api/v1/monitors/m-beat/pings': () => json({ pings: [] }),
    };
    stubServer({ user: TEST_USER, routes });
    const { unmount } = renderApp('/dashboard/monitors/m-beat');
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByRole('tab', { name: 'Deployments' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Security' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Incidents' })).toBeInTheDocument();
    unmount();

    stubServer({ user: TEST_USER, routes });
    renderApp('/dashboard/monitors/m-beat/security');
    expect(await screen.findByRole('list', { name: 'Recent runs' })).toBeInTheDocument();
  });

  it('edits a TCP monitor: its own fields, the kind fixed, only its fields sent', async () => {
    const monitor = makeTcpMonitor();
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        ...detailRoutes(monitor),
        'PATCH /api/v1/monitors/m-tcp': (request) => json({ ...monitor, ...(request.body as object) }),
      },
    });
    renderApp('/dashboard/monitors/m-tcp/settings');
    const user = userEvent.setup();

    const port = await screen.findByLabelText('Port');
    expect(port).toHaveValue(5432);
    expect(screen.getByLabelText('Host')).toHaveValue('db.acme.dev');
    expect(screen.getByLabelText('Connect over TLS')).toBeChecked();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(/The kind is fixed once a monitor exists/)).toBeInTheDocument();

    await user.clear(port);
    await user.type(port, '6432');
    await user.click(screen.getByLabelText('Connect over TLS'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const body = requests.find((request: RecordedRequest) => request.method === 'PATCH')?.body;
    expect(body).toMatchObject({ name: 'Database', host: 'db.acme.dev', port: 6432, tls: false });
    expect(body).not.toHaveProperty('kind');
    expect(body).not.toHaveProperty('url');
    expect(body).not.toHaveProperty('intervalMinutes');
  });

  it('shows a TCP monitor’s connect, TLS and first-byte timings of recent checks', async () => {
    const monitor = makeTcpMonitor({ expect: 'ready' });
    const results = [30, 10, 20].map((connectMs, index) =>
      makeResult({
        id: `r-${index}`,
        checkedAt: NOW - index * MINUTE,
        totalMs: connectMs + 60,
        timings: { dnsMs: 2, connectMs, tlsMs: 40, ttfbMs: 18, downloadMs: null },
      }),
    );
    stubServer({ user: TEST_USER, routes: detailRoutes(monitor, results) });
    renderApp('/dashboard/monitors/m-tcp');

    const table = await screen.findByRole('table', { name: 'Connection timings of recent checks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Result', 'Connect', 'TLS handshake', 'First byte', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // Medians over the three checks.
    const medians = screen.getByText('Connect', { selector: 'dt' }).closest('dl') as HTMLElement;
    expect(medians).toHaveTextContent('Connect20 ms');
    expect(medians).toHaveTextContent('TLS handshake40 ms');
    expect(medians).toHaveTextContent('First byte18 ms');
  });

  it('shows a DNS monitor’s current answers and when the answer set changed', async () => {
    const results = [
      makeResult({ id: 'r-3', checkedAt: NOW, answers: ['192.0.2.20'] }),
      makeResult({ id: 'r-2', checkedAt: NOW - MINUTE, answers: ['192.0.2.20'] }),
      makeResult({ id: 'r-1', checkedAt: NOW - 2 * MINUTE, answers: ['192.0.2.10'] }),
    ];
    stubServer({ user: TEST_USER, routes: detailRoutes(makeDnsMonitor(), results) });
    renderApp('/dashboard/monitors/m-dns');

    const current = await screen.findByRole('list', { name: 'Current answers' });
    expect(
      within(current)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['192.0.2.20']);
    expect(screen.getByText(/^Changed at /)).toBeInTheDocument();
    const changes = screen.getByRole('list', { name: 'Answer set changes' });
    expect(changes).toHaveTextContent('− 192.0.2.10');
    expect(changes).toHaveTextContent('+ 192.0.2.20');
  });
});
