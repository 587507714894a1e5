import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../../core/plans';
import { makePlanCustomer } from '../../../test/billing';
import { makeDeployment, makeImpact } from '../../../test/deployments';
import { json, type RecordedRequest, stubServer, TEST_USER } from '../../../test/fake-server';
import { makeMonitor } from '../../../test/monitors';
import { renderApp } from '../../../test/render-app';

const LOAD = { timeout: 10_000 };

function showDeployments(plan: PlanId, routes: Record<string, (r: RecordedRequest) => Response>) {
  const server = stubServer({
    user: TEST_USER,
    routes: {
      'POST /api/billing/customers': () => json(makePlanCustomer(plan)),
      'GET /api/v1/monitors/m-1': () => json(makeMonitor()),
      ...routes,
    },
  });
  renderApp('/dashboard/monitors/m-1/deployments');
  return server;
}

describe('monitor deployments tab', () => {
  it("lists the monitor's deployments with provider, commit, branch, time in the viewer's zone and the impact sentence", async () => {
    const vercel = makeDeployment();
    const github = makeDeployment({
      id: 'd-2',
      provider: 'github',
      version: null,
      commitSha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      branch: 'release/1.5',
      status: 'failed',
      providerUrl: null,
      deployedAt: Date.UTC(2025, 2, 3, 8, 30),
    });
    const { requests } = showDeployments('pro', {
      'GET /api/v1/deployments': () => json({ deployments: [vercel, github], nextCursor: null }),
      'GET /api/v1/deployments/d-1/impact': () =>
        json({
          impact: [
            makeImpact({ monitorId: 'other', before: { checks: 1, p50Ms: 1, errorRate: 0 } }),
            makeImpact(),
          ],
        }),
      'GET /api/v1/deployments/d-2/impact': () =>
        json({
          impact: [
            makeImpact({
              before: { checks: 10, p50Ms: 250, errorRate: 0.1 },
              after: { checks: 10, p50Ms: 210, errorRate: 0 },
            }),
          ],
        }),
    });

    const first = await screen.findByRole('listitem', { name: 'Deployment v1.4.2' }, LOAD);
    expect(first).toHaveTextContent('Vercel');
    expect(first).toHaveTextContent('Succeeded');
    expect(first).toHaveTextContent('production');
    expect(first).toHaveTextContent('9fceb02');
    expect(first).not.toHaveTextContent('9fceb02d0ae');
    expect(first).toHaveTextContent('main');
    expect(within(first).getByRole('link', { name: 'View at the provider' })).toHaveAttribute(
      'href',
      'https://vercel.com/acme/site/dpl_123',
    );
    expect(await within(first).findByText('+180 ms p50 after v1.4.2')).toBeInTheDocument();
    expect(first).toHaveTextContent('Error rate 0.0% before, 25.0% after');

    const second = screen.getByRole('listitem', { name: 'Deployment a1b2c3d' });
    expect(second).toHaveTextContent('GitHub Actions');
    expect(second).toHaveTextContent('Failed');
    expect(second).toHaveTextContent('release/1.5');
    // 08:30 UTC is 8:30 AM in London (TEST_USER's zone) on March 3.
    expect(second).toHaveTextContent('Mar 3, 2025, 8:30 AM');
    expect(await within(second).findByText('-40 ms p50 after a1b2c3d')).toBeInTheDocument();
    expect(second).toHaveTextContent('Error rate 10.0% before, 0.0% after');

    const list = requests.find((r) => r.path === '/api/v1/deployments');
    expect(new URLSearchParams(list?.query).get('monitor_id')).toBe('m-1');
  });

  it('shows Web Vitals before → after for each linked site with runs, as the performance pages write them', async () => {
    showDeployments('pro', {
      'GET /api/v1/deployments': () => json({ deployments: [makeDeployment()], nextCursor: null }),
      'GET /api/v1/deployments/d-1/impact': () =>
        json({
          impact: [
            makeImpact({
              vitals: [
                {
                  siteId: 's-1',
                  siteName: 'Home',
                  before: { score: 71, lcpMs: 2400, cls: null, tbtMs: null },
                  after: { score: 83, lcpMs: 1900, cls: null, tbtMs: null },
                },
                {
                  siteId: 's-2',
                  siteName: 'Checkout',
                  before: null,
                  after: { score: 55, lcpMs: 3100, cls: 0.2, tbtMs: 480 },
                },
                { siteId: 's-3', siteName: 'Pricing', before: null, after: null },
              ],
            }),
          ],
        }),
    });
    const vitals = await screen.findByRole('list', { name: 'Web Vitals before and after' }, LOAD);
    const sites = within(vitals).getAllByRole('listitem');
    expect(sites.map((site) => site.textContent)).toEqual([
      'HomeLCP 2.4 s → 1.9 s · Score 71 → 83',
      'CheckoutLCP — → 3.1 s · CLS — → 0.200 · TBT — → 480 ms · Score — → 55',
    ]);
    expect(
      within(sites[0] as HTMLElement).getByText('LCP 2.4 s → 1.9 s · Score 71 → 83'),
    ).toBeInTheDocument();
    expect(vitals).not.toHaveTextContent('Pricing');
  });

  it("shows real visitors' p75 before → after for a site with page views, and its routes", async () => {
    const side = (pageViews: number, lcp: number, inp: number, cls: number) => ({
      pageViews,
      lcp,
      inp,
      cls,
      fcp: 900,
      ttfb: 200,
    });
    showDeployments('pro', {
      'GET /api/v1/deployments': () => json({ deployments: [makeDeployment()], nextCursor: null }),
      'GET /api/v1/deployments/d-1/impact': () =>
        json({
          impact: [
            makeImpact({
              vitals: [
                {
                  siteId: 's-1',
                  siteName: 'Home',
                  before: null,
                  after: null,
                  field: {
                    before: side(1250, 3200, 300, 0.2),
                    after: side(1180, 1800, 120, 0.05),
                    routes: [
                      {
                        route: '/p/:id',
                        before: side(400, 3500, 340, 0.22),
                        after: side(380, 1900, 110, 0.04),
                      },
                    ],
                  },
                },
              ],
            }),
          ],
        }),
    });
    const field = await screen.findByRole('list', { name: 'Real visitors before and after' }, LOAD);
    expect(field).toHaveTextContent(
      'Home, real visitorsLCP 3.2 s → 1.8 s · INP 300 ms → 120 ms · CLS 0.20 → 0.05 (p75 of 1,250 → 1,180 page views)',
    );
    const routes = within(field).getByRole('list', { name: 'Home by route' });
    expect(routes).toHaveTextContent(
      '/p/:id LCP 3.5 s → 1.9 s · INP 340 ms → 110 ms · CLS 0.22 → 0.04 (p75 of 400 → 380 page views)',
    );
    // No lab run either side: no lab line for the site.
    expect(screen.queryByRole('list', { name: 'Web Vitals before and after' })).toBeNull();
  });

  it('shows no Web Vitals when the monitor has no linked site', async () => {
    showDeployments('pro', {
      'GET /api/v1/deployments': () => json({ deployments: [makeDeployment()], nextCursor: null }),
      'GET /api/v1/deployments/d-1/impact': () => json({ impact: [makeImpact()] }),
    });
    expect(await screen.findByText('+180 ms p50 after v1.4.2', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Web Vitals before and after' })).toBeNull();
  });

  it('links a deployment to the incident that started after it', async () => {
    showDeployments('pro', {
      'GET /api/v1/deployments': () =>
        json({ deployments: [makeDeployment({ incidentIds: ['i-7'] })], nextCursor: null }),
      'GET /api/v1/deployments/d-1/impact': () => json({ impact: [makeImpact()] }),
    });
    const link = await screen.findByRole('link', { name: 'Incident started after this deployment' }, LOAD);
    expect(link).toHaveAttribute('href', '/dashboard/incidents/i-7');
  });

  it('says when there were no checks before the deployment to compare with', async () => {
    showDeployments('pro', {
      'GET /api/v1/deployments': () => json({ deployments: [makeDeployment()], nextCursor: null }),
      'GET /api/v1/deployments/d-1/impact': () =>
        json({ impact: [makeImpact({ before: { checks: 0, p50Ms: null, errorRate: null } })] }),
    });
    expect(
      await screen.findByText('No checks in the hour before v1.4.2 to compare with.', {}, LOAD),
    ).toBeInTheDocument();
  });

  it('offers to record one when the monitor has no deployments', async () => {
    showDeployments('pro', { 'GET /api/v1/deployments': () => json({ deployments: [], nextCursor: null }) });
    expect(await screen.findByText('No deployments yet', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record a deployment' })).toHaveAttribute(
      'href',
      '/dashboard/deployments/new',
    );
  });

  it('heads its empty state one level under the monitor’s name', async () => {
    showDeployments('pro', { 'GET /api/v1/deployments': () => json({ deployments: [], nextCursor: null }) });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No deployments yet' }, LOAD),
    ).toBeInTheDocument();
  });

  it('is gated as deployment monitoring on plans without API access', async () => {
    const { requests } = showDeployments('free', {});
    expect(await screen.findByText('Feature Unavailable', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Deployment monitoring')).toBeInTheDocument();
    expect(screen.getByText('This feature requires a Pro subscription plan or higher.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/deployments')).toBe(false);
  });
});
