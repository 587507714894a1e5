import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type RecordedRequest, stubServer, TEST_USER } from '../../test/fake-server';
import { incidentRoutes, makeIncident, makeIncidentEvent } from '../../test/incidents';
import { renderApp } from '../../test/render-app';

// Incident management comes with Starter, and the card names the plan it checks out.
const UPSELL = 'This feature is available with the Starter plan.';

function writes(requests: RecordedRequest[]) {
  return requests
    .filter((request) => request.method !== 'GET' && request.path.startsWith('/api/v1/incidents'))
    .map((request) => ({ method: request.method, path: request.path, body: request.body }));
}

describe('incident overview', () => {
  it('shows status, severity, duration, affected monitors and the latest update', async () => {
    const incident = makeIncident({
      latestUpdate: {
        id: 'u-1',
        status: 'identified',
        message: 'A bad deploy; rolling back.',
        author: { id: TEST_USER.id, name: TEST_USER.name },
        createdAt: Date.now() - 60_000,
      },
      flapping: true,
    });
    stubServer({ user: TEST_USER, routes: incidentRoutes({ incident }).routes });
    renderApp('/dashboard/incidents/i-1');

    const summary = await screen.findByRole('region', { name: 'Incident summary' });
    expect(summary).toHaveTextContent('Investigating');
    expect(summary).toHaveTextContent('Major');
    expect(summary).toHaveTextContent(/Duration\d+ (d|h|min)/);
    expect(summary).toHaveTextContent('and counting');
    expect(screen.getAllByText('Flapping').length).toBeGreaterThan(0);
    const monitors = screen.getByRole('list', { name: 'Affected monitors' });
    expect(within(monitors).getByRole('link', { name: 'Marketing site' })).toHaveAttribute(
      'href',
      '/dashboard/monitors/m-1',
    );
    expect(screen.getByRole('figure', { name: 'Latest update' })).toHaveTextContent(
      'A bad deploy; rolling back.',
    );
  });

  it('shows the actions disabled with the compact Upgrade card on the free plan', async () => {
    stubServer({ user: TEST_USER, routes: incidentRoutes().routes });
    renderApp('/dashboard/incidents/i-1');

    expect(await screen.findByText(UPSELL)).toBeInTheDocument();
    for (const name of ['Acknowledge', 'Post update', 'Resolve']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByLabelText('Change status')).toBeDisabled();
  });

  it('acknowledges and changes the status on Starter', async () => {
    const { requests } = stubServer({ user: TEST_USER, routes: incidentRoutes({ plan: 'starter' }).routes });
    renderApp('/dashboard/incidents/i-1');
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeEnabled());
    expect(screen.queryByText(UPSELL)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByRole('button', { name: 'Acknowledged' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Change status'), 'Identified');

    await waitFor(() =>
      expect(writes(requests)).toEqual([
        { method: 'POST', path: '/api/v1/incidents/i-1/acknowledge', body: undefined },
        { method: 'PATCH', path: '/api/v1/incidents/i-1', body: { status: 'identified' } },
      ]),
    );
  });

  it('posts an update announcing a status', async () => {
    const { requests } = stubServer({ user: TEST_USER, routes: incidentRoutes({ plan: 'starter' }).routes });
    renderApp('/dashboard/incidents/i-1');
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Post update' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Post update' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message'), 'Fix deployed, watching.');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Monitoring');
    await user.click(within(dialog).getByRole('button', { name: 'Post update' }));

    expect(await screen.findByRole('figure', { name: 'Latest update' })).toHaveTextContent(
      'Fix deployed, watching.',
    );
    expect(writes(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/v1/incidents/i-1/updates',
        body: { message: 'Fix deployed, watching.', status: 'monitoring' },
      },
    ]);
  });

  it('resolves with a root cause: the resolution first, then the status', async () => {
    const incident = makeIncident({
      resolution: { rootCause: null, summary: null, followUps: ['Alert on disk'] },
    });
    const { requests } = stubServer({
      user: TEST_USER,
      routes: incidentRoutes({ plan: 'starter', incident }).routes,
    });
    renderApp('/dashboard/incidents/i-1');
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Resolve' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Root cause'), 'The disk filled up.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve incident' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Resolve' })).toBeDisabled());
    expect(screen.getByRole('region', { name: 'Incident summary' })).toHaveTextContent('Resolved');
    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/incidents/i-1/resolution',
        body: { rootCause: 'The disk filled up.', summary: null, followUps: ['Alert on disk'] },
      },
      { method: 'PATCH', path: '/api/v1/incidents/i-1', body: { status: 'resolved' } },
    ]);
  });
});

describe('incident timeline', () => {
  it('lists the events oldest first with who did them, on every plan', async () => {
    const events = [
      makeIncidentEvent({ id: 'e-1', message: 'Marketing site failed its check.' }),
      makeIncidentEvent({
        id: 'e-2',
        kind: 'acknowledged',
        message: 'Acknowledged.',
        actor: { id: TEST_USER.id, name: TEST_USER.name },
      }),
    ];
    stubServer({ user: TEST_USER, routes: incidentRoutes({ events }).routes });
    renderApp('/dashboard/incidents/i-1/timeline');

    const items = within(await screen.findByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Marketing site failed its check.');
    expect(items[1]).toHaveTextContent(`Acknowledged.`);
    expect(items[1]).toHaveTextContent(TEST_USER.name);
    expect(screen.queryByText('Feature Unavailable')).not.toBeInTheDocument();
  });
});

describe('gated incident tabs', () => {
  it.each(['notes', 'monitors', 'resolution'])(
    'the %s tab shows Feature Unavailable on the free plan',
    async (tab) => {
      stubServer({ user: TEST_USER, routes: incidentRoutes().routes });
      renderApp(`/dashboard/incidents/i-1/${tab}`);

      expect(await screen.findByText('Feature Unavailable')).toBeInTheDocument();
      expect(
        screen.getByText('This feature requires a Starter subscription plan or higher.'),
      ).toBeInTheDocument();
    },
  );
});
