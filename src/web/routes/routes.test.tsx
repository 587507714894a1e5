import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../test/fake-server';
import { makeMonitor } from '../test/monitors';
import { renderApp } from '../test/render-app';

describe('route builders', () => {
  it('redirects /monitors/new into the dashboard', async () => {
    stubServer({ user: TEST_USER });
    const { router } = renderApp('/monitors/new');

    expect(await screen.findByRole('heading', { name: 'New monitor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/monitors/new');
  });

  it.each([
    ['/deployments/new', '/dashboard/deployments/new'],
    ['/reports', '/dashboard/reports'],
    ['/groups/public', '/dashboard/groups/public'],
    ['/incidents/monitor/m-7', '/dashboard/monitors/m-7/incidents'],
  ])('redirects %s to %s', async (from, to) => {
    stubServer({ user: TEST_USER });
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('never treats /dashboard/monitors/new as a monitor id', async () => {
    const { requests } = stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/new');

    expect(await screen.findByRole('heading', { name: 'New monitor' })).toBeInTheDocument();
    expect(screen.queryByText('Monitor Error')).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/v1/monitors/'))).toBe(false);
  });
});

describe('monitor detail', () => {
  const monitor = makeMonitor();
  const withMonitor = { 'GET /api/v1/monitors/m-1': () => json(monitor) };

  it('shows the monitor with its tabs', async () => {
    stubServer({ user: TEST_USER, routes: withMonitor });
    renderApp('/dashboard/monitors/m-1');

    expect(await screen.findByRole('heading', { name: 'Marketing site' })).toBeInTheDocument();
    for (const tab of [
      'Overview',
      'Uptime',
      'Performance',
      'Deployments',
      'Security',
      'Incidents',
      'Settings',
    ]) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('gates the incidents tab behind Starter and the deployments tab behind Pro', async () => {
    stubServer({ user: TEST_USER, routes: withMonitor });
    const { router } = renderApp('/dashboard/monitors/m-1/incidents');
    expect(
      await screen.findByText('This feature requires a Starter subscription plan or higher.'),
    ).toBeInTheDocument();

    await router.navigate({ to: '/dashboard/monitors/$id/deployments', params: { id: 'm-1' } });
    expect(
      await screen.findByText('This feature requires a Pro subscription plan or higher.'),
    ).toBeInTheDocument();
  });

  it('shows the security tab on the free plan', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        ...withMonitor,
        'GET /api/v1/monitors/m-1/ssl': () =>
          json({ applicable: true, current: null, certificates: [], nextCheckAt: null }),
      },
    });
    renderApp('/dashboard/monitors/m-1/security');
    // The tab loads lazily and then fetches the certificate: over a second on a busy machine.
    expect(await screen.findByText('No certificate checks yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Feature Unavailable')).not.toBeInTheDocument();
  });

  it('shows the Monitor Error page when the monitor cannot be loaded', async () => {
    stubServer({ user: TEST_USER });
    renderApp('/dashboard/monitors/missing');

    expect(await screen.findByText('Monitor Error')).toBeInTheDocument();
    expect(
      screen.getByText(
        "We couldn't load the monitor details. The monitor might not exist or there was a connection issue.",
      ),
    ).toBeInTheDocument();
  });
});

describe('other routes', () => {
  it('shows the not-found page for an unknown path', async () => {
    stubServer();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('names the settings tabs and gates the API tab behind Pro', async () => {
    stubServer({ user: TEST_USER });
    renderApp('/dashboard/settings/api');

    expect(
      await screen.findByText('This feature requires a Pro subscription plan or higher.'),
    ).toBeInTheDocument();
    for (const tab of ['User Settings', 'Billing & Subscription', 'Public Status', 'API Documentation']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'API Documentation' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the incident tabs, with Related Monitors', async () => {
    stubServer({
      user: TEST_USER,
      routes: { 'GET /api/v1/incidents/i-1': () => json({ id: 'i-1', title: 'API down' }) },
    });
    renderApp('/dashboard/incidents/i-1/monitors');

    expect(await screen.findByRole('heading', { name: 'API down' })).toBeInTheDocument();
    for (const tab of ['Overview', 'Timeline', 'Notes', 'Related Monitors', 'Resolution']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'Related Monitors' })).toHaveAttribute('aria-selected', 'true');
  });
});
