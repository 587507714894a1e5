// trigger_checks also queues one performance run (reason 'deployment') per performance site linked
// to an affected monitor, and that run does not consume performance_runs; recorded through the
// API or by a provider's webhook. Without trigger_checks, or for a monitor with no site, none.
import { afterEach, describe, expect, it } from 'vitest';
import type { PerformanceSite } from '../../core/api/performance.ts';
import type { TestUser } from '../test/factories.ts';
import * as githubStatus from './fixtures/github-deployment-status.ts';
import { createDeployApp, type DeployApp, START, signGithub } from './test/deploy-app.ts';

let d: DeployApp;
afterEach(async () => {
  await d?.t.close();
});

async function linkSite(owner: TestUser, monitorId: string, url: string): Promise<PerformanceSite> {
  return d.json<PerformanceSite>(await d.send(owner, 'POST', '/performance/sites', { url, monitorId }), 201);
}

async function runsRemaining(owner: TestUser): Promise<number> {
  const plan = await d.json<{ limits: { performanceRuns: { remaining: number } } }>(
    await d.send(owner, 'GET', '/me/plan'),
    200,
  );
  return plan.limits.performanceRuns.remaining;
}

const queuedRuns = () =>
  d.t.database.db
    .selectFrom('performance_checks')
    .select(['site_id', 'workspace_id', 'reason', 'status', 'queued_at'])
    .orderBy('site_id')
    .execute();

describe('performance runs of a deployment', () => {
  it('queues exactly one free deployment run per linked site of an affected monitor with trigger_checks', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const shop = await d.monitor(owner, 'https://shop.example.com/', 'Shop');
    const bare = await d.monitor(owner, 'https://shop.example.com/health', 'Health');
    const elsewhere = await d.monitor(owner, 'https://blog.example.com/', 'Blog');
    const site = await linkSite(owner, shop, 'https://shop.example.com/');
    await linkSite(owner, elsewhere, 'https://blog.example.com/');
    // A new site's first scheduled run is due at once but only the job queues it: none yet.
    expect(await queuedRuns()).toEqual([]);
    const before = await runsRemaining(owner);

    const deployment = await d.deploy(owner, { url: 'https://shop.example.com/', trigger_checks: true });
    expect([...deployment.monitorIds].sort()).toEqual([shop, bare].sort());
    expect(await queuedRuns()).toEqual([
      { site_id: site.id, workspace_id: owner.id, reason: 'deployment', status: 'queued', queued_at: START },
    ]);
    expect(await runsRemaining(owner)).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('queues none without trigger_checks, and none for a monitor with no linked site', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const shop = await d.monitor(owner, 'https://shop.example.com/', 'Shop');
    const bare = await d.monitor(owner, 'https://api.example.com/', 'API');
    await linkSite(owner, shop, 'https://shop.example.com/');

    await d.deploy(owner, { monitor_ids: [shop] });
    await d.deploy(owner, { monitor_ids: [shop], trigger_checks: false });
    const checked = await d.deploy(owner, { monitor_ids: [bare], trigger_checks: true });
    expect(checked.triggeredMonitorIds).toEqual([bare]);
    expect(await queuedRuns()).toEqual([]);
  });

  it("queues runs only on the deploying owner's sites", async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const other = await d.user('pro');
    const mine = await d.monitor(owner, 'https://shop.example.com/', 'Shop');
    const theirs = await d.monitor(other, 'https://shop.example.com/', 'Shop');
    const otherSite = await linkSite(other, theirs, 'https://shop.example.com/');

    const own = await d.deploy(owner, { url: 'https://shop.example.com/', trigger_checks: true });
    expect(own.triggeredMonitorIds).toEqual([mine]);
    expect(await queuedRuns()).toEqual([]);
    await d.deploy(other, { monitor_ids: [theirs], trigger_checks: true });
    expect((await queuedRuns()).map((run) => [run.site_id, run.workspace_id])).toEqual([
      [otherSite.id, other.id],
    ]);
  });

  it('queues one run for a succeeded webhook delivery, and none again on its redelivery', async () => {
    d = await createDeployApp();
    const owner = await d.user('pro');
    const monitor = await d.monitor(owner, 'https://hello-world.example.com/health', 'Site');
    const site = await linkSite(owner, monitor, 'https://hello-world.example.com/');
    const before = await runsRemaining(owner);
    const { path, secret } = await d.receiver(owner, 'github');
    const raw = JSON.stringify(githubStatus.payload);
    const headers = {
      ...signGithub(secret, raw),
      'x-github-event': 'deployment_status',
      'x-github-delivery': 'delivery-1',
    };

    expect((await d.deliver(path, raw, headers)).status).toBe(201);
    expect((await d.deliver(path, raw, headers)).status).toBe(200);
    expect((await queuedRuns()).map((run) => [run.site_id, run.reason])).toEqual([[site.id, 'deployment']]);
    expect(await runsRemaining(owner)).toBe(before);
  });
});
