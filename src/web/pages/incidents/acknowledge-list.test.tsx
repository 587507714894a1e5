import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { incidentRoutes, makeIncidentSummary } from '../../test/incidents';
import { renderApp } from '../../test/render-app';

const LIST = [
  makeIncidentSummary({ id: 'i-1', title: 'Marketing site is down' }),
  makeIncidentSummary({ id: 'i-3', title: 'Checkout is down', acknowledgedAt: Date.UTC(2025, 2, 3, 11) }),
  makeIncidentSummary({
    id: 'i-2',
    title: 'API errors',
    status: 'resolved',
    resolvedAt: Date.UTC(2025, 2, 1),
  }),
];

function withRole(role: 'member' | 'viewer') {
  const { routes } = incidentRoutes({ plan: 'starter', list: LIST });
  return {
    ...routes,
    'GET /api/v1/workspaces': () => json({ workspaces: [{ id: 'w-1', name: 'Acme', role, active: true }] }),
  };
}

describe('acknowledging from the incidents list', () => {
  it('offers Acknowledge on open incidents nobody acknowledged, and sends it', async () => {
    const { requests } = stubServer({ user: TEST_USER, routes: withRole('member') });
    renderApp('/dashboard/incidents');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Incidents' });
    const button = await within(table).findByRole('button', { name: 'Acknowledge: Marketing site is down' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(within(table).getByRole('button', { name: 'Acknowledged: Checkout is down' })).toBeDisabled();
    expect(within(table).queryByRole('button', { name: /API errors/ })).not.toBeInTheDocument();

    await user.click(button);
    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.method === 'POST' && request.path.startsWith('/api/v1/'))
          .map((request) => request.path),
      ).toEqual(['/api/v1/incidents/i-1/acknowledge']),
    );
  });

  it('hides Acknowledge from a viewer of the workspace', async () => {
    stubServer({ user: TEST_USER, routes: withRole('viewer') });
    renderApp('/dashboard/incidents');
    const table = await screen.findByRole('table', { name: 'Incidents' });
    await screen.findByText('Acme');
    expect(within(table).getByRole('link', { name: 'Marketing site is down' })).toBeInTheDocument();
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });
});
