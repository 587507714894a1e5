import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMonitor, makeResult, makeUptimeReport } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

const monitor = makeMonitor({ id: 'm-1', name: 'Marketing site', status: 'down' });
const REFUSED = 'Could not connect to acme.dev:443 (connection refused).';

function detailRoutes(extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  return {
    'GET /api/v1/monitors/m-1': () => json(monitor),
    'GET /api/v1/monitors/m-1/results': () =>
      json({
        results: [
          makeResult({
            id: 'r-2',
            status: 'down',
            statusCode: null,
            confirmation: true,
            failure: { code: 'connection_refused', message: REFUSED },
          }),
          makeResult({
            id: 'r-1',
            status: 'down',
            statusCode: 503,
            failure: { code: 'status_mismatch', message: 'Expected status 200-399, got 503' },
          }),
          makeResult({ id: 'r-0' }),
        ],
        nextCursor: null,
      }),
    'GET /api/v1/monitors/m-1/uptime': () => json(makeUptimeReport()),
    ...extra,
  };
}

describe('monitor overview', () => {
  it('lists recent checks with their failure messages and marks the confirmation re-check', async () => {
    stubServer({ user: TEST_USER, routes: detailRoutes() });
    renderApp('/dashboard/monitors/m-1');

    const checks = await screen.findByRole('list', { name: 'Recent checks' });
    const rows = within(checks).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(REFUSED);
    expect(rows[0]).toHaveTextContent('Confirmation');
    expect(rows[1]).toHaveTextContent('Expected status 200-399, got 503');
    expect(rows[1]).not.toHaveTextContent('Confirmation');
  });

  it('shows uptime and p95 for 24 hours, 7, 30 and 90 days', async () => {
    stubServer({ user: TEST_USER, routes: detailRoutes() });
    renderApp('/dashboard/monitors/m-1');

    const uptime = await screen.findByRole('region', { name: 'Uptime' });
    await waitFor(() => expect(uptime).toHaveTextContent('98.96%'));
    for (const label of ['Last 24 hours', 'Last 7 days', 'Last 30 days', 'Last 90 days']) {
      expect(within(uptime).getByText(label)).toBeInTheDocument();
    }
    expect(within(uptime).getAllByText(/p95 310 ms/)).toHaveLength(4);
  });

  it('asks for a check now', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: detailRoutes({ 'POST /api/v1/monitors/m-1/check': () => json(monitor) }),
    });
    renderApp('/dashboard/monitors/m-1');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(requests.some((request) => request.method === 'POST' && request.path.endsWith('/check'))).toBe(
        true,
      ),
    );
  });
});

describe('monitor uptime tab', () => {
  it('draws 90 daily bars, each with a tooltip of its date, uptime and checks', async () => {
    stubServer({ user: TEST_USER, routes: detailRoutes() });
    renderApp('/dashboard/monitors/m-1/uptime');

    const strip = await screen.findByRole('list', { name: 'Daily uptime, last 90 days' });
    const bars = within(strip).getAllByRole('listitem');
    expect(bars).toHaveLength(90);
    const tooltips = within(strip).getAllByRole('tooltip', { hidden: true });
    expect(tooltips).toHaveLength(90);
    // Day 88 of the fixture: 2025-03-02 UTC, 90 of 96 checks up; shown in the viewer's zone.
    expect(tooltips[88]).toHaveTextContent('Sun, Mar 2, 2025');
    expect(tooltips[88]).toHaveTextContent('93.75% uptime');
    expect(tooltips[88]).toHaveTextContent('96 checks');
    expect(tooltips[0]).toHaveTextContent('No data');
    expect(within(bars[88] as HTMLElement).getByRole('img')).toHaveAccessibleName(
      'Sun, Mar 2, 2025: 93.75% uptime, 96 checks · avg 130 ms',
    );
  });

  it('lists outages with their duration and marks an ongoing one', async () => {
    const start = Date.UTC(2025, 2, 1, 10, 0, 0);
    stubServer({
      user: TEST_USER,
      routes: detailRoutes({
        'GET /api/v1/monitors/m-1/uptime': () =>
          json(
            makeUptimeReport({
              outages: [
                { start: Date.now() - 90_000, end: null, durationMs: 90_000 },
                { start, end: start + 754_000, durationMs: 754_000 },
              ],
            }),
          ),
      }),
    });
    renderApp('/dashboard/monitors/m-1/uptime');

    const outages = within(await screen.findByRole('list', { name: 'Outages' })).getAllByRole('listitem');
    expect(outages[0]).toHaveTextContent('Ongoing');
    expect(outages[1]).toHaveTextContent('12 min 34 s');
    // TEST_USER's zone is Europe/London: 10:00 UTC on March 1 is 10:00 AM there.
    expect(outages[1]).toHaveTextContent('Mar 1, 2025, 10:00 AM');
    expect(outages[1]).not.toHaveTextContent('Ongoing');
  });
});

describe('monitor settings tab', () => {
  it('deletes the monitor only after its name is typed, then shows the monitors list', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: detailRoutes({ 'DELETE /api/v1/monitors/m-1': () => new Response(null, { status: 204 }) }),
    });
    const { router } = renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete monitor' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete monitor' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Monitor name'), 'Marketing site');
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/monitors'));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says when a plan change slowed the monitor to the plan minimum', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        ...detailRoutes(),
        'GET /api/v1/monitors/m-1': () =>
          json({ ...monitor, intervalSeconds: 900, intervalRaisedFromSeconds: 60 }),
      },
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const notice = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent(
      'Your plan changed, so this monitor now checks every 15 min instead of every 1 min: the fastest your plan allows.',
    );
  });

  it('saves edits without re-sending an unchanged interval or the paused flag', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: detailRoutes({
        'PATCH /api/v1/monitors/m-1': (request) => json({ ...monitor, ...(request.body as object) }),
      }),
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Renamed site');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const body = requests.find((request) => request.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body.name).toBe('Renamed site');
    expect(body).not.toHaveProperty('paused');
    expect(body).not.toHaveProperty('intervalMinutes');
  });

  it('marks a monitor upwatch.yaml manages and warns before its settings can be edited', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        ...detailRoutes({
          'PATCH /api/v1/monitors/m-1': (request) =>
            json({ ...monitor, managedKey: 'marketing', ...(request.body as object) }),
        }),
        'GET /api/v1/monitors/m-1': () => json({ ...monitor, managedKey: 'marketing' }),
      },
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    const notice = await screen.findByRole('region', { name: 'Managed by upwatch.yaml' }, { timeout: 5000 });
    expect(notice).toHaveTextContent('This monitor is monitors.marketing in an upwatch.yaml file.');
    expect(notice).toHaveTextContent('the next upwatch apply overwrites changes made here');
    expect(screen.getByTitle(/^Key "marketing" in upwatch\.yaml/)).toHaveTextContent(
      'Managed by upwatch.yaml',
    );
    // No form until the warning is acknowledged.
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete monitor' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit here anyway' }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Renamed site');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    // The notice stays in view while editing.
    expect(screen.getByRole('region', { name: 'Managed by upwatch.yaml' })).toBeInTheDocument();
  });

  it('shows no managed badge or notice for a monitor made in the app', async () => {
    stubServer({ user: TEST_USER, routes: detailRoutes() });
    renderApp('/dashboard/monitors/m-1/settings');
    expect(await screen.findByLabelText('Name', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Managed by upwatch.yaml')).toBeNull();
  });

  it('makes the monitor public and shows the link to its server-rendered page', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: detailRoutes({
        'PATCH /api/v1/monitors/m-1': (request) => json({ ...monitor, ...(request.body as object) }),
      }),
    });
    renderApp('/dashboard/monitors/m-1/settings');
    const user = userEvent.setup();

    const flag = await screen.findByLabelText('Public status page', {}, { timeout: 5000 });
    expect(flag).not.toBeChecked();
    expect(screen.queryByRole('link', { name: /\/status\/monitor\// })).not.toBeInTheDocument();
    await user.click(flag);
    const link = screen.getByRole('link', { name: 'https://upwatch.example/status/monitor/m-1' });
    expect(link).toHaveAttribute('href', 'https://upwatch.example/status/monitor/m-1');
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({ public: true });
  });
});
