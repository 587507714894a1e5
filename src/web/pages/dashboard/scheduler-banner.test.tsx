import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMonitor, makeRow } from '../../test/monitors';
import { renderApp } from '../../test/render-app';

// The lazy route and its fetches can take over a second on a busy machine.
const LOAD = { timeout: 5000 };

function stubDashboard(scheduler: { lagMs: number | null; late: boolean }, stale = 0) {
  const rows = [
    makeRow({ id: 'm-1', name: 'Marketing site', status: 'stale' }),
    makeRow({ id: 'm-2', name: 'API' }),
  ];
  stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/monitors': () => json({ monitors: rows, nextCursor: null }),
      'GET /api/v1/monitors/summary': () =>
        json({
          total: 2,
          byStatus: { up: 2 - stale, degraded: 0, down: 0, paused: 0, pending: 0, stale },
          openIncidents: 0,
          scheduler,
        }),
    },
  });
}

describe('checks running late', () => {
  it("says so on the dashboard with the workers' lag and the stale monitors", async () => {
    stubDashboard({ lagMs: 95_000, late: true }, 1);
    renderApp('/dashboard');

    const title = await screen.findByText('Checks are running late', {}, LOAD);
    const banner = title.closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveTextContent('Checks start 1 min 35 s after they are due.');
    expect(banner).toHaveTextContent('1 monitor is stale: its last status may no longer hold.');
    // Under Down, said to be outside its count: stale is neither up nor down.
    expect(await screen.findByText('Not counted: 1 stale', {}, LOAD)).toBeInTheDocument();
  });

  it('shows no banner while checks start on time', async () => {
    stubDashboard({ lagMs: 800, late: false });
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Marketing site' }, LOAD);
    await screen.findByText('Open incidents');
    expect(screen.queryByText('Checks are running late')).not.toBeInTheDocument();
  });
});

describe('the stale badge', () => {
  it('names the status in words on a dashboard row, not by colour alone', async () => {
    stubDashboard({ lagMs: 800, late: false }, 1);
    renderApp('/dashboard');
    const row = (await screen.findByRole('link', { name: 'Marketing site' }, LOAD)).closest(
      'li',
    ) as HTMLElement;
    const badge = within(row).getByText('Stale');
    expect(badge).toHaveAttribute(
      'title',
      'No check result for over twice its interval: its last status may no longer hold.',
    );
    const api = screen.getByRole('link', { name: 'API' }).closest('li') as HTMLElement;
    expect(within(api).getByText('Up')).toBeInTheDocument();
  });

  it('shows Stale on the monitor page', async () => {
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/monitors/m-1': () =>
          json(makeMonitor({ id: 'm-1', name: 'Marketing site', status: 'stale' })),
        'GET /api/v1/monitors/m-1/results': () => json({ results: [], nextCursor: null }),
      },
    });
    renderApp('/dashboard/monitors/m-1');
    await screen.findByRole('heading', { name: 'Marketing site' }, LOAD);
    expect(screen.getAllByText('Stale').length).toBeGreaterThan(0);
  });
});
