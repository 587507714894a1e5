import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INCIDENT_POLL_MS, incidentListQueryOptions } from '../../lib/incidents';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { incidentRoutes, makeIncident, makeIncidentSummary } from '../../test/incidents';
import { renderApp } from '../../test/render-app';

const LIST = [
  makeIncidentSummary({ id: 'i-1', title: 'Marketing site is down', flapping: true, severity: 'critical' }),
  makeIncidentSummary({
    id: 'i-2',
    title: 'API errors',
    status: 'resolved',
    severity: 'minor',
    resolvedAt: Date.UTC(2025, 2, 1, 10, 12, 34),
    durationMs: 754_000,
    primaryMonitor: null,
    source: 'manual',
  }),
];

function listQueries(requests: { method: string; path: string; query: string }[]) {
  return requests
    .filter((request) => request.method === 'GET' && request.path === '/api/v1/incidents')
    .map((request) => new URLSearchParams(request.query));
}

describe('incidents list', () => {
  it('shows status and severity badges, the flapping marker and each duration', async () => {
    stubServer({ user: TEST_USER, routes: incidentRoutes({ list: LIST }).routes });
    renderApp('/dashboard/incidents');

    const table = await screen.findByRole('table', { name: 'Incidents' });
    const [, open, resolved] = within(table).getAllByRole('row');
    expect(open).toHaveTextContent('Investigating');
    expect(open).toHaveTextContent('Critical');
    expect(within(open as HTMLElement).getByText('Flapping')).toBeInTheDocument();
    expect(within(open as HTMLElement).getByRole('link', { name: 'Marketing site is down' })).toHaveAttribute(
      'href',
      '/dashboard/incidents/i-1',
    );
    expect(resolved).toHaveTextContent('Resolved');
    expect(resolved).toHaveTextContent('Minor');
    expect(resolved).toHaveTextContent('Manual incident');
    expect(resolved).toHaveTextContent('12 min 34 s');
    expect(resolved).not.toHaveTextContent('Flapping');
  });

  it('asks the API for the chosen state, monitor, severity and time range', async () => {
    const { requests } = stubServer({ user: TEST_USER, routes: incidentRoutes({ list: LIST }).routes });
    renderApp('/dashboard/incidents');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Incidents' });
    await screen.findByRole('option', { name: 'API' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Monitor' }), 'API');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'Critical');
    const before = Date.now();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'Last 7 days');

    await waitFor(() => expect(listQueries(requests).at(-1)?.get('from')).toBeTruthy());
    const last = listQueries(requests).at(-1) as URLSearchParams;
    expect(last.get('state')).toBe('open');
    expect(last.get('monitorId')).toBe('m-2');
    expect(last.get('severity')).toBe('critical');
    const from = Number(last.get('from'));
    expect(from).toBeGreaterThanOrEqual(before - 7 * 86_400_000 - 1000);
    expect(from).toBeLessThanOrEqual(Date.now() - 7 * 86_400_000);
    expect(listQueries(requests)[0]?.has('state')).toBe(false);
  });

  it('says when no incident matches the filters', async () => {
    stubServer({ user: TEST_USER, routes: incidentRoutes({ list: [] }).routes });
    renderApp('/dashboard/incidents');
    expect(await screen.findByText('No incidents')).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Resolved');
    expect(await screen.findByText('No incidents match')).toBeInTheDocument();
  });

  it('polls every 15 seconds, since incidents are not pushed live', () => {
    expect(INCIDENT_POLL_MS).toBe(15_000);
    expect(incidentListQueryOptions({}).refetchInterval).toBe(INCIDENT_POLL_MS);
  });
});

describe('create incident', () => {
  it('is disabled on the free plan, beside the compact Upgrade card', async () => {
    stubServer({ user: TEST_USER, routes: incidentRoutes().routes });
    renderApp('/dashboard/incidents');

    expect(await screen.findByText('This feature is available with the Starter plan.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create incident' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('opens a manual incident on Starter and shows it', async () => {
    const created = makeIncident({ id: 'i-9', title: 'Checkout is slow', source: 'manual', monitors: [] });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: {
        ...incidentRoutes({ plan: 'starter' }).routes,
        'POST /api/v1/incidents': () => json(created, 201),
        'GET /api/v1/incidents/i-9': () => json(created),
        'GET /api/v1/incidents/i-9/timeline': () => json({ events: [] }),
      },
    });
    const { router } = renderApp('/dashboard/incidents');
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Create incident' })).toBeEnabled());
    const create = screen.getByRole('button', { name: 'Create incident' });
    expect(screen.queryByText('This feature is available with the Starter plan.')).not.toBeInTheDocument();
    await user.click(create);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Checkout is slow');
    await user.selectOptions(within(dialog).getByLabelText('Severity'), 'Minor');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'API' }));
    await user.click(within(dialog).getByRole('button', { name: 'Open incident' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/incidents/i-9'));
    const post = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/incidents',
    );
    expect(post?.body).toEqual({
      title: 'Checkout is slow',
      severity: 'minor',
      status: 'investigating',
      monitorIds: ['m-2'],
    });
    expect(await screen.findByRole('heading', { name: 'Checkout is slow' })).toBeInTheDocument();
  });
});
