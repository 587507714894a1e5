// Real visitors beside a deployment (issue 42, item 6): each linked site's field p75 over the 24
// hours before and the 24 after, leaving out the deployment's own hour, and per route where both
// sides have enough page views.
import { afterEach, expect, it } from 'vitest';
import type { DeploymentImpact } from '../../core/api/deployments.ts';
import type { FieldMetric } from '../../core/api/field-vitals.ts';
import type { PerformanceSite } from '../../core/api/performance.ts';
import { addMetrics, encodeMetrics, type HourMetrics } from '../performance/field/hour-metrics.ts';
import { createDeployApp, type DeployApp, START } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

const HOUR = 3_600_000;
const DEPLOY_HOUR = Math.floor(START / HOUR) * HOUR;

/** An hour row of `views` page views, each with the same figures. */
async function hour(
  site: PerformanceSite,
  workspaceId: string,
  hourAt: number,
  route: string,
  views: number,
  values: Partial<Record<FieldMetric, number>>,
) {
  const metrics: HourMetrics = {};
  for (let i = 0; i < views; i += 1) addMetrics(metrics, values);
  await d.t.database.db
    .insertInto('rum_hours')
    .values({
      site_id: site.id,
      hour_at: hourAt,
      route,
      device: 'mobile',
      workspace_id: workspaceId,
      page_views: views,
      metrics: encodeMetrics(metrics),
    })
    .execute();
}

it("shows each linked site's field p75 in the 24 hours before and after, and its routes with enough views", async () => {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const api = await d.monitor(owner, 'https://shop.example.com/', 'API');
  const site = await d.json<PerformanceSite>(
    await d.send(owner, 'POST', '/performance/sites', {
      url: 'https://shop.example.com/',
      name: 'Home',
      monitorId: api,
    }),
    201,
  );
  const quiet = await d.json<PerformanceSite>(
    await d.send(owner, 'POST', '/performance/sites', {
      url: 'https://shop.example.com/q',
      name: 'Quiet',
      monitorId: api,
    }),
    201,
  );
  const slow = { lcp: 3200, inp: 300, cls: 0.2, fcp: 2000, ttfb: 900 };
  const fast = { lcp: 1800, inp: 120, cls: 0.05, fcp: 900, ttfb: 300 };
  const ws = owner.id;
  // Before: 40 slow views of /p/:id and 10 of /cart, two hours ago; after: the same, fast.
  await hour(site, ws, DEPLOY_HOUR - 2 * HOUR, '*', 50, slow);
  await hour(site, ws, DEPLOY_HOUR - 2 * HOUR, '/p/:id', 40, slow);
  await hour(site, ws, DEPLOY_HOUR - 2 * HOUR, '/cart', 10, slow);
  await hour(site, ws, DEPLOY_HOUR + 3 * HOUR, '*', 50, fast);
  await hour(site, ws, DEPLOY_HOUR + 3 * HOUR, '/p/:id', 40, fast);
  await hour(site, ws, DEPLOY_HOUR + 3 * HOUR, '/cart', 10, fast);
  // Left out: the deployment's own hour (both versions) and hours past 24 either side.
  const terrible = { lcp: 9000, inp: 2000, cls: 0.9, fcp: 8000, ttfb: 5000 };
  for (const at of [DEPLOY_HOUR, DEPLOY_HOUR - 25 * HOUR, DEPLOY_HOUR + 25 * HOUR]) {
    await hour(site, ws, at, '*', 500, terrible);
  }

  const deployment = await d.deploy(owner, { monitor_ids: [api], deployed_at: START });
  const { impact } = await d.json<{ impact: DeploymentImpact[] }>(
    await d.send(owner, 'GET', `/deployments/${deployment.id}/impact`),
    200,
  );
  const home = impact[0]?.vitals?.find((entry) => entry.siteId === site.id);
  const near = (value: number) => expect.closeTo(value, value < 1 ? 2 : -2);
  const side = (pageViews: number, figures: typeof slow) => ({
    pageViews,
    lcp: near(figures.lcp),
    inp: near(figures.inp),
    cls: near(figures.cls),
    fcp: near(figures.fcp),
    ttfb: near(figures.ttfb),
  });
  expect(home?.field).toEqual({
    before: side(50, slow),
    after: side(50, fast),
    routes: [{ route: '/p/:id', before: side(40, slow), after: side(40, fast) }],
  });
  // A site no visitor reported on has no field figures.
  expect(impact[0]?.vitals?.find((entry) => entry.siteId === quiet.id)).not.toHaveProperty('field');
});
