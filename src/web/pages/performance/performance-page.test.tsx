import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PerformanceSite } from '../../../core/api/performance';
import { ACTIVE_RUN_POLL_MS } from '../../lib/performance';
import { controlledEventStream } from '../../test/event-stream';
import { json, stubServer, TEST_USER } from '../../test/fake-server';
import { makeMetrics, makePlanUsage, makeRun, makeSite, PERF_NOW } from '../../test/performance';
import { renderApp } from '../../test/render-app';

// The lazy route and its fetches can take over a second on a busy machine.
const LOAD = { timeout: 5000 };
const HOUR_MS = 3_600_000;

function showDashboard(
  sites: PerformanceSite[],
  routes: NonNullable<Parameters<typeof stubServer>[0]>['routes'] = {},
) {
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'GET /api/v1/performance/sites': () => json({ sites }),
      'GET /api/v1/me/plan': () =>
        json(makePlanUsage({ used: sites.length, limit: 2 }, { remaining: 7, limit: 10 })),
      ...routes,
    },
  });
  renderApp('/dashboard/performance');
  return server;
}

describe('performance dashboard', () => {
  it('colours each vital by Google’s thresholds and shows the device, budget status, runs and plan usage', async () => {
    const site = makeSite({
      name: 'Shop',
      budgets: [{ metric: 'lcpMs', limit: 2000 }],
      budgetStatus: 'over',
      lastRun: makeRun({
        metrics: makeMetrics({ performanceScore: 42, lcpMs: 4500, cls: 0.02, tbtMs: 350 }),
      }),
      trend: { ...makeSite().trend, lcpMs: 'worse', cls: 'better' },
    });
    showDashboard([site]);

    const card = await screen.findByRole('listitem', {}, LOAD);
    const lcp = within(card).getByText('4.5 s');
    expect(lcp).toHaveClass('text-danger');
    expect(lcp.closest('div')).toHaveTextContent('Poor');
    const cls = within(card).getByText('0.020');
    expect(cls).toHaveClass('text-accent');
    expect(cls.closest('div')).toHaveTextContent('Good');
    expect(within(card).getByText('350 ms')).toHaveClass('text-warning');
    expect(within(card).getByLabelText('worse than the run before')).toHaveClass('text-danger');
    expect(within(card).getByLabelText('better than the run before')).toHaveClass('text-accent');
    expect(within(card).getByRole('img', { name: 'Performance score 42 of 100, poor' })).toBeInTheDocument();
    expect(within(card).getByText('Mobile (simulated throttling)')).toBeInTheDocument();
    expect(within(card).getByText('Over budget')).toBeInTheDocument();
    // TEST_USER's zone is Europe/London: 11:00 UTC on March 3 is 11:00 AM there.
    expect(
      within(card).getByText('Last run Mar 3, 2025, 11:00 AM · Next run Mar 4, 2025, 12:00 PM'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Free plan: 1 of 2 sites · 7 of 10 runs left this month'),
    ).toBeInTheDocument();
  });

  it('says a site is within budget and labels the desktop profile', async () => {
    showDashboard([makeSite({ device: 'desktop', budgetStatus: 'within' })]);
    const card = await screen.findByRole('listitem', {}, LOAD);
    expect(within(card).getByText('Desktop')).toBeInTheDocument();
    expect(within(card).getByText('Within budget')).toBeInTheDocument();
  });

  it('shows the server’s refusal and an upgrade offer when the site limit is reached', async () => {
    const limit = "You've reached your plan's limit of 2 performance sites. Upgrade to add more.";
    const { requests } = showDashboard([makeSite({ id: 'a' }), makeSite({ id: 'b' })], {
      'POST /api/v1/performance/sites': () =>
        json({ error: { code: 'performance_site_limit_reached', message: limit } }, 403),
    });
    expect(
      await screen.findByText('Your plan has no performance sites left to add.', {}, LOAD),
    ).toBeVisible();

    fireEvent.click(screen.getAllByRole('button', { name: 'Add site' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add a performance site' });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://third.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add site' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    // The budgets section's feature offer plus the limit's upgrade offer.
    expect(within(dialog).getByText('Unlock more powerful monitoring with Pro.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Upgrade' })).toHaveLength(2);
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/performance/sites',
    );
    expect(sent?.body).toEqual({ url: 'https://third.example', device: 'mobile', monitorId: null });
  });

  it('follows a run from queued to running to done over the event stream', async () => {
    const stream = controlledEventStream();
    let finished = false;
    const done = makeRun({
      id: 'run-2',
      reason: 'manual',
      finishedAt: PERF_NOW,
      metrics: makeMetrics({ lcpMs: 3100 }),
    });
    showDashboard([], {
      'GET /api/v1/performance/sites': () =>
        json({ sites: [makeSite({ lastRun: finished ? done : makeRun() })] }),
      'POST /api/v1/performance/sites/site-1/runs': () =>
        json(
          makeRun({
            id: 'run-2',
            status: 'queued',
            reason: 'manual',
            startedAt: null,
            finishedAt: null,
            metrics: null,
          }),
          202,
        ),
      'GET /api/v1/events': () => stream.response(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run now' }, LOAD));

    expect(await screen.findByText('Run queued: waiting for a free browser.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Run now' })).toBeDisabled();
    stream.send('ready', {});
    stream.send('performance.run', { siteId: 'site-1', runId: 'run-2', status: 'running', at: PERF_NOW });
    expect(await screen.findByText('Running Lighthouse in Chromium…')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Run progress' })).getByText('Running')).toHaveAttribute(
      'aria-current',
      'step',
    );

    finished = true;
    stream.send('performance.run', {
      siteId: 'site-1',
      runId: 'run-2',
      status: 'succeeded',
      at: PERF_NOW + HOUR_MS,
    });
    expect(await screen.findByText('Run finished.')).toBeVisible();
    // The finished run's figures replace the old ones without a reload.
    expect(await screen.findByText('3.1 s')).toHaveClass('text-warning');
    expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled();
  });

  it('notices a run finishing from the site poll when no event arrives', async () => {
    const running = makeRun({ id: 'run-2', status: 'running', finishedAt: null, metrics: null });
    let polls = 0;
    showDashboard([], {
      'GET /api/v1/performance/sites': () => {
        polls += 1;
        const site =
          polls === 1
            ? makeSite({ activeRun: running })
            : makeSite({
                activeRun: null,
                lastRun: makeRun({ id: 'run-2', metrics: makeMetrics({ lcpMs: 4100 }) }),
              });
        return json({ sites: [site] });
      },
    });
    expect(await screen.findByText('Running Lighthouse in Chromium…', {}, LOAD)).toBeVisible();
    expect(
      await screen.findByText('Run finished.', {}, { timeout: ACTIVE_RUN_POLL_MS + LOAD.timeout }),
    ).toBeVisible();
    expect(screen.getByText('4.1 s')).toHaveClass('text-danger');
  }, 20_000);

  it('shows the server’s message when no runs are left this month', async () => {
    const message = 'No performance runs left this month: 10 of 10 used. They reset on Apr 1, 2025.';
    showDashboard([makeSite()], {
      'POST /api/v1/performance/sites/site-1/runs': () =>
        json({ error: { code: 'performance_runs_exhausted', message } }, 403),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run now' }, LOAD));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says Chromium is missing, with the server’s install hint, when runs fail for that', async () => {
    const hint =
      'Chromium was not found at /usr/bin/chromium. Install it with `apt-get install chromium` or set CHROME_PATH.';
    showDashboard([
      makeSite({
        lastRun: makeRun({
          status: 'failed',
          metrics: null,
          error: { code: 'chromium_not_found', message: hint },
        }),
      }),
    ]);
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      `Chromium is not installed on the Upwatch server. ${hint}`,
    );
  });

  it('counts a site added on an unlimited plan, whose billing usage stays 0', async () => {
    const sites: PerformanceSite[] = [];
    stubServer({
      user: TEST_USER,
      routes: {
        'GET /api/v1/performance/sites': () => json({ sites }),
        // An unlimited allowance tracks no usage: the server answers used 0 however many sites.
        'GET /api/v1/me/plan': () =>
          json(makePlanUsage({ used: 0, limit: null }, { remaining: 0, limit: null }, 'Pro')),
        'POST /api/v1/performance/sites': () => {
          const site = makeSite({ id: 'new', name: 'third.example' });
          sites.push(site);
          return json(site, 201);
        },
      },
    });
    renderApp('/dashboard/performance');
    expect(await screen.findByText('Pro plan: 0 sites (unlimited) · Unlimited runs', {}, LOAD)).toBeVisible();

    fireEvent.click(screen.getAllByRole('button', { name: 'Add site' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add a performance site' });
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://third.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add site' }));

    expect(await screen.findByText('Pro plan: 1 site (unlimited) · Unlimited runs', {}, LOAD)).toBeVisible();
  });

  it('offers to add the first site when there is none', async () => {
    showDashboard([]);
    expect(await screen.findByText('No performance sites yet', {}, LOAD)).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Add site' })).toHaveLength(2));
  });

  it('heads its empty state one level under the page title, as no heading level is skipped', async () => {
    showDashboard([]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No performance sites yet' }, LOAD),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
