import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { incidentRoutes, makeIncident, makeIncidentStats, makeNote } from '../../test/incidents';
import { makeMonitor } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

function writes(requests: RecordedRequest[]) {
  return requests
    .filter((request) => request.method !== 'GET' && request.path.startsWith('/api/v1/incidents'))
    .map((request) => ({ method: request.method, path: request.path, body: request.body }));
}

describe('incident notes', () => {
  const mine = makeNote({ id: 'n-1', text: 'Restarted the load balancer.' });
  const theirs = makeNote({
    id: 'n-2',
    text: 'Paged the database team.',
    author: { id: 'u-2', name: 'Grace' },
  });

  it('offers edit and delete only on notes the user wrote', async () => {
    stubServer({
      user: TEST_USER,
      routes: incidentRoutes({ plan: 'starter', notes: [mine, theirs] }).routes,
    });
    renderApp('/dashboard/incidents/i-1/notes');

    const own = await screen.findByRole('listitem', { name: `Note by ${TEST_USER.name}` });
    const other = screen.getByRole('listitem', { name: 'Note by Grace' });
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("adds a note, then edits and deletes the author's own note", async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: incidentRoutes({ plan: 'starter', notes: [mine] }).routes,
    });
    renderApp('/dashboard/incidents/i-1/notes');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New note'), 'Rolled back to v41.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Rolled back to v41.')).toBeInTheDocument();

    const own = screen.getAllByRole('listitem', { name: `Note by ${TEST_USER.name}` })[0] as HTMLElement;
    await user.click(within(own).getByRole('button', { name: 'Edit' }));
    const editor = within(own).getByLabelText('Edit note');
    await user.clear(editor);
    await user.type(editor, 'Restarted both load balancers.');
    await user.click(within(own).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Restarted both load balancers.')).toBeInTheDocument();

    await user.click(
      within(
        screen.getAllByRole('listitem', { name: `Note by ${TEST_USER.name}` })[0] as HTMLElement,
      ).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByText('Restarted both load balancers.')).not.toBeInTheDocument());
    expect(writes(requests)).toEqual([
      { method: 'POST', path: '/api/v1/incidents/i-1/notes', body: { text: 'Rolled back to v41.' } },
      {
        method: 'PATCH',
        path: '/api/v1/incidents/i-1/notes/n-1',
        body: { text: 'Restarted both load balancers.' },
      },
      { method: 'DELETE', path: '/api/v1/incidents/i-1/notes/n-1', body: undefined },
    ]);
  });
});

describe('related monitors', () => {
  it('adds a monitor and removes it again, keeping the one that opened the incident', async () => {
    const { requests } = stubServer({ user: TEST_USER, routes: incidentRoutes({ plan: 'starter' }).routes });
    renderApp('/dashboard/incidents/i-1/monitors');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Related monitors' });
    expect(within(list).getByText('Opened the incident')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'API' });
    await user.selectOptions(screen.getByLabelText('Monitor to add'), 'API');
    await user.click(screen.getByRole('button', { name: 'Add monitor' }));
    await user.click(await screen.findByRole('button', { name: 'Remove API' }));

    await waitFor(() =>
      expect(writes(requests)).toEqual([
        { method: 'PUT', path: '/api/v1/incidents/i-1/monitors', body: { monitorIds: ['m-1', 'm-2'] } },
        { method: 'PUT', path: '/api/v1/incidents/i-1/monitors', body: { monitorIds: ['m-1'] } },
      ]),
    );
  });
});

describe('resolution', () => {
  it('saves the root cause, summary and follow-up actions', async () => {
    const incident = makeIncident({ resolution: { rootCause: 'Disk full.', summary: null, followUps: [] } });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: incidentRoutes({ plan: 'starter', incident }).routes,
    });
    renderApp('/dashboard/incidents/i-1/resolution');
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Root cause')).toHaveValue('Disk full.');
    await user.type(screen.getByLabelText('Summary'), 'Logs were never rotated.');
    await user.type(screen.getByLabelText('New follow-up action'), 'Rotate logs daily{Enter}');
    await user.type(screen.getByLabelText('New follow-up action'), 'Alert at 80% disk');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Remove follow-up: Rotate logs daily' }));
    await user.click(screen.getByRole('button', { name: 'Save resolution' }));

    await waitFor(() =>
      expect(writes(requests)).toEqual([
        {
          method: 'PUT',
          path: '/api/v1/incidents/i-1/resolution',
          body: {
            rootCause: 'Disk full.',
            summary: 'Logs were never rotated.',
            followUps: ['Alert at 80% disk'],
          },
        },
      ]),
    );
  });
});

describe("a monitor's incidents", () => {
  const monitorRoutes = {
    'GET /api/v1/monitors/m-1': () => json(makeMonitor()),
    'GET /api/v1/monitors/m-1/incident-stats': () => json(makeIncidentStats()),
    'GET /api/v1/monitors/m-1/incidents': () =>
      json({ incidents: [makeIncident({ title: 'Marketing site is down' })], nextCursor: null }),
  };

  it('the monitor tab shows Feature Unavailable on the free plan', async () => {
    stubServer({ user: TEST_USER, routes: { ...incidentRoutes().routes, ...monitorRoutes } });
    renderApp('/dashboard/monitors/m-1/incidents');

    expect(await screen.findByText('Feature Unavailable')).toBeInTheDocument();
    expect(screen.getByText('Incident management')).toBeInTheDocument();
  });

  it('the monitor tab shows downtime, count, MTTR and MTBF and the incidents on Starter', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: { ...incidentRoutes({ plan: 'starter' }).routes, ...monitorRoutes },
    });
    renderApp('/dashboard/monitors/m-1/incidents');
    const user = userEvent.setup();

    const figures = await screen.findByRole('region', { name: 'Incident figures' });
    await waitFor(() => expect(figures).toHaveTextContent('Downtime12 min 34 s'));
    expect(figures).toHaveTextContent('Outages2');
    expect(figures).toHaveTextContent('MTTR6 min 17 s');
    expect(figures).toHaveTextContent('MTBF14 d 23 h');
    expect(await screen.findByRole('link', { name: 'Marketing site is down' })).toBeInTheDocument();

    await user.click(within(figures).getByRole('button', { name: '90 days' }));
    await waitFor(() =>
      expect(
        requests.some((request) => request.path.endsWith('/incident-stats') && request.query === '?days=90'),
      ).toBe(true),
    );
  });

  it('/dashboard/incidents/monitor/{id} lists that monitor’s incidents on every plan', async () => {
    const { requests } = stubServer({
      user: TEST_USER,
      routes: { ...incidentRoutes().routes, ...monitorRoutes },
    });
    renderApp('/dashboard/incidents/monitor/m-1');

    expect(await screen.findByRole('heading', { name: 'Incidents of Marketing site' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Incidents' })).toBeInTheDocument();
    expect(screen.queryByText('Feature Unavailable')).not.toBeInTheDocument();
    const list = requests.find((request) => request.path === '/api/v1/incidents');
    expect(new URLSearchParams(list?.query).get('monitorId')).toBe('m-1');
  });
});
