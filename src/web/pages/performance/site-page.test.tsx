import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../core/plans';
import { makePlanCustomer } from '../../test/billing';
import { makeDeployment } from '../../test/deployments';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMonitor } from '../../test/monitors';
import { makeMetrics, makePlanUsage, makeRun, makeSite, PERF_NOW } from '../../test/performance';
import { renderApp } from '../../test/render-app';

const LOAD = { timeout: 5000 };
const HOUR_MS = 3_600_000;

const RUNS = [
  makeRun({
    id: 'r-3',
    reason: 'manual',
    finishedAt: PERF_NOW - HOUR_MS,
    metrics: makeMetrics({ performanceScore: 61, lcpMs: 2600, tbtMs: 420 }),
    violations: [{ metric: 'lcpMs', value: 2600, limit: 2000 }],
    regressions: [{ metric: 'tbtMs', value: 420, median: 200 }],
    opportunities: [
      {
        id: 'render-blocking-resources',
        title: 'Eliminate render-blocking resources',
        savingsMs: 1200,
        savingsBytes: 49_152,
      },
      {
        id: 'uses-optimized-images',
        title: 'Efficiently encode images',
        savingsMs: null,
        savingsBytes: 204_800,
      },
    ],
    blockedRequests: ['http://10.0.0.5/pixel.gif'],
  }),
  makeRun({
    id: 'r-2',
    status: 'failed',
    finishedAt: PERF_NOW - 25 * HOUR_MS,
    metrics: null,
    error: { code: 'timeout', message: 'The page did not finish loading within 90 s.' },
  }),
  makeRun({ id: 'r-1', finishedAt: PERF_NOW - 49 * HOUR_MS }),
];

const SITE = makeSite({
  name: 'Shop',
  url: 'https://shop.acme.dev/',
  monitorId: 'm-1',
  budgets: [
    { metric: 'lcpMs', limit: 2000 },
    { metric: 'serverResponseMs', limit: 500 },
  ],
  budgetStatus: 'over',
  lastRun: RUNS[0] ?? null,
});

function serve(plan: PlanId, routes: NonNullable<Parameters<typeof stubServer>[0]>['routes'] = {}) {
  return stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer(plan, {}, { id: TEST_USER.id })),
      'GET /api/v1/performance/sites': () => json({ sites: [SITE] }),
      'GET /api/v1/performance/sites/site-1': () => json(SITE),
      'GET /api/v1/performance/sites/site-1/runs': () => json({ runs: RUNS, nextCursor: null }),
      'GET /api/v1/me/plan': () =>
        json(makePlanUsage({ used: 1, limit: 15 }, { remaining: 90, limit: 100 }, 'Starter')),
      'GET /api/v1/monitors/m-1': () => json(makeMonitor()),
      'GET /api/v1/deployments': () => json({ deployments: [makeDeployment()], nextCursor: null }),
      ...routes,
    },
  });
}

describe('performance site view', () => {
  it('shows the header, runs with their violations and regressions, opportunities, blocked requests and budget lines', async () => {
    serve('starter');
    renderApp('/dashboard/performance/site-1');

    expect(await screen.findByRole('heading', { name: 'Shop' }, LOAD)).toBeVisible();
    expect(screen.getByText('https://shop.acme.dev/')).toBeVisible();
    expect(screen.getByText('Mobile (simulated throttling)')).toBeVisible();

    const rows = within(await screen.findByRole('table', { name: 'Runs' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Mar 3, 2025, 11:00 AM');
    expect(rows[1]).toHaveTextContent('Run now');
    expect(rows[1]).toHaveTextContent('2.6 s');
    expect(within(rows[1] as HTMLElement).getByText('Over budget')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Regression')).toBeVisible();
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('The page did not finish loading within 90 s.');
    expect(rows[3]).not.toHaveTextContent('Over budget');

    const opportunities = within(screen.getByRole('list', { name: 'Opportunities' })).getAllByRole(
      'listitem',
    );
    expect(opportunities[0]).toHaveTextContent('Eliminate render-blocking resources');
    expect(opportunities[0]).toHaveTextContent('Est. savings 1,200 ms · 48 KiB');
    expect(opportunities[1]).toHaveTextContent('Efficiently encode images');
    expect(opportunities[1]).toHaveTextContent('Est. savings 200 KiB');
    expect(screen.getByRole('list', { name: 'Blocked requests' })).toHaveTextContent(
      'http://10.0.0.5/pixel.gif',
    );

    expect(screen.getByText('Budget: at most 2.0 s')).toBeVisible();
    expect(screen.getByText('Budget: at most 500 ms')).toBeVisible();
    // Two finished runs carry figures: the LCP chart describes them.
    expect(
      screen.getByRole('img', { name: 'Largest Contentful Paint over the last 2 runs: 1.2 s to 2.6 s.' }),
    ).toBeInTheDocument();
  });

  it('saves edited budgets on Starter', async () => {
    const { requests } = serve('starter', {
      'PATCH /api/v1/performance/sites/site-1': (request) =>
        json({ ...SITE, budgets: (request.body as { budgets: unknown }).budgets }),
    });
    renderApp('/dashboard/performance/site-1');
    const limit = await screen.findByLabelText('Largest Contentful Paint limit', {}, LOAD);
    fireEvent.change(limit, { target: { value: '1800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the Server response time budget' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save budgets' }));

    expect(await screen.findByText('Budgets saved.')).toBeVisible();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ budgets: [{ metric: 'lcpMs', limit: 1800 }] });
  });

  it('shows the Feature Unavailable gate for budgets on the free plan', async () => {
    serve('free');
    renderApp('/dashboard/performance/site-1');
    expect(await screen.findByText('Feature Unavailable', {}, LOAD)).toBeVisible();
    expect(screen.getByText('This feature requires a Starter subscription plan or higher.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save budgets' })).not.toBeInTheDocument();
  });

  it('deletes the site after confirmation and returns to the dashboard', async () => {
    let deleted = false;
    const { requests } = serve('starter', {
      'DELETE /api/v1/performance/sites/site-1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/v1/performance/sites': () => json({ sites: deleted ? [] : [SITE] }),
    });
    const { router } = renderApp('/dashboard/performance/site-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete site' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Shop?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete site' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/performance'));
    expect(await screen.findByText('No performance sites yet', {}, LOAD)).toBeVisible();
  });
});

describe('monitor performance tab', () => {
  it('shows the linked site with its runs and charts, and marks deployments on plans that track them', async () => {
    const { requests } = serve('pro');
    renderApp('/dashboard/monitors/m-1/performance');
    expect(await screen.findByRole('link', { name: 'Shop' }, LOAD)).toHaveAttribute(
      'href',
      '/dashboard/performance/site-1',
    );
    expect(await screen.findByRole('table', { name: 'Runs' })).toBeVisible();
    expect(
      await screen.findByRole('img', {
        name: /^Largest Contentful Paint over the last 2 runs: .*Marked: Deployment v1\.4\.2 via Vercel/,
      }),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/v1/deployments')?.query).toContain(
      'monitor_id=m-1',
    );
  });

  it('heads the monitor’s empty performance tab one level under its name', async () => {
    serve('starter', {
      'GET /api/v1/performance/sites': () => json({ sites: [] }),
      'GET /api/v1/monitors': () => json({ monitors: [makeMonitor()], nextCursor: null }),
    });
    renderApp('/dashboard/monitors/m-1/performance');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No performance site for this monitor' }, LOAD),
    ).toBeVisible();
  });

  it('offers to add a site for the monitor’s URL when none is linked', async () => {
    const { requests } = serve('starter', {
      'GET /api/v1/performance/sites': () => json({ sites: [makeSite({ monitorId: 'other' })] }),
      'GET /api/v1/monitors': () => json({ monitors: [makeMonitor()], nextCursor: null }),
      'POST /api/v1/performance/sites': () => json(makeSite({ monitorId: 'm-1' }), 201),
    });
    renderApp('/dashboard/monitors/m-1/performance');
    expect(await screen.findByText('No performance site for this monitor', {}, LOAD)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Add a performance site for this URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a performance site' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue('https://acme.dev');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Linked monitor (optional)')).toHaveValue('m-1'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add site' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/performance/sites',
    );
    expect(sent?.body).toEqual({
      url: 'https://acme.dev',
      device: 'mobile',
      monitorId: 'm-1',
      budgets: [
        { metric: 'lcpMs', limit: 2000 },
        { metric: 'serverResponseMs', limit: 500 },
      ],
    });
  });
});

describe('performance for a viewer', () => {
  const REASON = "Viewers can't change this. Ask an admin.";
  const asViewer = {
    'GET /api/v1/workspaces': () =>
      json({ workspaces: [{ id: TEST_USER.id, name: "Ada's workspace", role: 'viewer', active: true }] }),
  };

  it('shows Run now, Delete site and the budgets disabled, with the reason, and opens nothing', async () => {
    const { requests } = serve('starter', asViewer);
    renderApp('/dashboard/performance/site-1');
    expect(await screen.findByRole('heading', { name: 'Shop' }, LOAD)).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Run now' })[0]).toBeDisabled());
    for (const name of ['Run now', 'Delete site', 'Save budgets']) {
      for (const button of screen.getAllByRole('button', { name })) {
        expect(button, name).toBeDisabled();
        expect(button, name).toHaveAccessibleDescription(REASON);
      }
    }
    fireEvent.click(screen.getByRole('button', { name: 'Delete site' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      requests.filter((request) => request.method !== 'GET' && request.path.startsWith('/api/v1/')),
    ).toEqual([]);
  });

  it('shows Add site disabled on the list', async () => {
    serve('starter', asViewer);
    renderApp('/dashboard/performance');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Add site' })[0]).toBeDisabled(), LOAD);
    for (const button of screen.getAllByRole('button', { name: 'Add site' }))
      expect(button).toHaveAccessibleDescription(REASON);
  });
});
