import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer, TEST_USER } from '../../test/fake-server';
import { incidentRoutes, makeIncident } from '../../test/incidents';
import { renderApp } from '../../test/render-app';

const STARTED = Date.UTC(2025, 2, 3, 11, 50);
const incident = makeIncident({
  startedAt: STARTED,
  deployments: [
    { id: 'd-2', version: 'v1.4.2', provider: 'vercel', deployedAt: STARTED - 3 * 60_000 - 20_000 },
    { id: 'd-1', version: null, provider: 'github', deployedAt: STARTED - 27 * 60_000 },
  ],
});

describe('deploy-aware incidents', () => {
  it.each([
    ['overview', ''],
    ['timeline', '/timeline'],
  ])('names the deployments from before the incident on its %s', async (_name, tab) => {
    stubServer({ user: TEST_USER, routes: incidentRoutes({ incident }).routes });
    renderApp(`/dashboard/incidents/i-1${tab}`);

    const list = await screen.findByRole('list', { name: 'Deployments before this incident' });
    const vercel = within(list).getByRole('link', {
      name: 'Deployed v1.4.2 via Vercel 3 min before this incident',
    });
    expect(vercel).toHaveAttribute('href', '/dashboard/monitors/m-1/deployments');
    expect(
      within(list).getByText('Deployed via GitHub Actions 27 min before this incident'),
    ).toBeInTheDocument();
  });

  it('shows nothing about deployments when none came before', async () => {
    stubServer({
      user: TEST_USER,
      routes: incidentRoutes({ incident: makeIncident({ deployments: [] }) }).routes,
    });
    renderApp('/dashboard/incidents/i-1');
    await screen.findByRole('region', { name: 'Incident summary' });
    expect(screen.queryByRole('list', { name: 'Deployments before this incident' })).not.toBeInTheDocument();
  });
});
