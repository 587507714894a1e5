// Web Vitals before/after on GET /api/v1/deployments/{id}/impact: per performance site linked to
// an affected monitor, the last succeeded run finished before the deployment and the first
// finished after, with exactly the figures stored; another account's sites and runs never show.
import { afterEach, expect, it } from 'vitest';
import type { DeploymentImpact } from '../../core/api/deployments.ts';
import type { PerformanceSite } from '../../core/api/performance.ts';
import { newRunRow } from '../performance/service.ts';
import type { PerformanceCheckTable } from '../platform/db/performance-schema.ts';
import type { TestUser } from '../test/factories.ts';
import { createDeployApp, type DeployApp, START } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

const MINUTE = 60_000;

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

async function linkSite(owner: TestUser, monitorId: string, name: string): Promise<PerformanceSite> {
  return d.json<PerformanceSite>(
    await d.send(owner, 'POST', '/performance/sites', { url: 'https://shop.example.com/', name, monitorId }),
    201,
  );
}

/** A run of the site finished at START + offset; figures only on a succeeded run. */
async function insertRun(
  site: { id: string; workspace_id: string },
  offset: number,
  status: PerformanceCheckTable['status'],
  figures?: Figures,
) {
  const finishedAt = START + offset;
  await d.t.database.db
    .insertInto('performance_checks')
    .values({
      ...newRunRow(site, 'schedule', finishedAt - 2 * MINUTE),
      status,
      started_at: finishedAt - MINUTE,
      finished_at: status === 'queued' ? null : finishedAt,
      performance_score: figures?.score ?? null,
      lcp_ms: figures?.lcpMs ?? null,
      cls: figures?.cls ?? null,
      tbt_ms: figures?.tbtMs ?? null,
    })
    .execute();
}

it('gives each linked site its last succeeded run before the deployment and its first after', async () => {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const api = await d.monitor(owner, 'https://shop.example.com/', 'API');
  const quiet = await d.monitor(owner, 'https://quiet.example.com/', 'Quiet');
  const home = await linkSite(owner, api, 'Home');
  const checkout = await linkSite(owner, api, 'Checkout');
  const unmeasured = await linkSite(owner, api, 'Pricing');
  const own = { id: home.id, workspace_id: owner.id };

  const before: Figures = { score: 71, lcpMs: 2400, cls: 0.12, tbtMs: 310 };
  const after: Figures = { score: 83, lcpMs: 1900, cls: 0.05, tbtMs: 150 };
  await insertRun(own, -3 * 60 * MINUTE, 'succeeded', { score: 40, lcpMs: 5000, cls: 0.3, tbtMs: 900 });
  await insertRun(own, -10 * MINUTE, 'succeeded', before);
  await insertRun(own, -1 * MINUTE, 'failed');
  await insertRun(own, 5 * MINUTE, 'succeeded', after);
  await insertRun(own, 30 * MINUTE, 'succeeded', { score: 99, lcpMs: 900, cls: 0, tbtMs: 0 });
  await insertRun(own, 40 * MINUTE, 'queued');
  const later: Figures = { score: 55, lcpMs: 3100, cls: 0.2, tbtMs: 480 };
  await insertRun({ id: checkout.id, workspace_id: owner.id }, 2 * MINUTE, 'succeeded', later);

  const deployment = await d.deploy(owner, {
    version: 'v1.4.2',
    monitor_ids: [api, quiet],
    deployed_at: START,
  });
  const { impact } = await d.json<{ impact: DeploymentImpact[] }>(
    await d.send(owner, 'GET', `/deployments/${deployment.id}/impact`),
    200,
  );
  expect(impact.map((entry) => entry.monitorId)).toEqual([api, quiet]);
  expect(impact[0]?.vitals).toEqual([
    { siteId: checkout.id, siteName: 'Checkout', before: null, after: later },
    { siteId: home.id, siteName: 'Home', before, after },
    { siteId: unmeasured.id, siteName: 'Pricing', before: null, after: null },
  ]);
  expect(impact[1]).not.toHaveProperty('vitals');
});

it("never shows another account's sites or runs beside my deployment", async () => {
  d = await createDeployApp();
  const owner = await d.user('pro');
  const intruder = await d.user('pro');
  const api = await d.monitor(owner, 'https://shop.example.com/', 'API');
  const site = await linkSite(owner, api, 'Home');
  const mine: Figures = { score: 71, lcpMs: 2400, cls: 0.12, tbtMs: 310 };
  await insertRun({ id: site.id, workspace_id: owner.id }, -20 * MINUTE, 'succeeded', mine);
  // Rows that break ownership on purpose: a newer run on my site under another account, and
  // another account's site pointing at my monitor. Neither may be read for my deployment.
  await insertRun({ id: site.id, workspace_id: intruder.id }, -5 * MINUTE, 'succeeded', {
    score: 1,
    lcpMs: 1,
    cls: 1,
    tbtMs: 1,
  });
  const theirs = await linkSite(intruder, await d.monitor(intruder, 'https://x.example.com/', 'X'), 'Theirs');
  await d.t.database.db
    .updateTable('performance_sites')
    .set({ monitor_id: api })
    .where('id', '=', theirs.id)
    .execute();
  await insertRun({ id: theirs.id, workspace_id: intruder.id }, 5 * MINUTE, 'succeeded', {
    score: 2,
    lcpMs: 2,
    cls: 2,
    tbtMs: 2,
  });

  const deployment = await d.deploy(owner, { monitor_ids: [api], deployed_at: START });
  const { impact } = await d.json<{ impact: DeploymentImpact[] }>(
    await d.send(owner, 'GET', `/deployments/${deployment.id}/impact`),
    200,
  );
  expect(impact[0]?.vitals).toEqual([{ siteId: site.id, siteName: 'Home', before: mine, after: null }]);
  expect((await d.send(intruder, 'GET', `/deployments/${deployment.id}/impact`)).status).toBe(404);
});
