// /api/v1/performance/sites: plan limits (sites, 'Run now' units, budgets), defaults, schedule
// by plan frequency, validation codes and tenant isolation on every route.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS, type PerformanceRun } from '../../core/api/performance.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { queueDeploymentRuns } from './service.ts';
import { createPerfApp, errorOf, type PerfApp, START } from './test/perf-app.ts';

let p: PerfApp;
afterEach(async () => {
  await p?.t.close();
});

describe('performance site limits', () => {
  it('refuses the third site on free with performance_site_limit_reached', async () => {
    p = await createPerfApp();
    const owner = await p.user('free');
    await p.site(owner);
    await p.site(owner, { url: 'https://blog.example.com/' });
    const refused = await errorOf(
      await p.send(owner, 'POST', '/performance/sites', { url: 'https://docs.example.com/' }),
    );
    expect(refused).toEqual({
      status: 403,
      code: 'performance_site_limit_reached',
      message: "You've reached your performance site limit on the Free plan (2 sites). Upgrade to add more.",
    });
    // Deleting one gives its place back.
    const [first] = (
      await p.json<{ sites: { id: string }[] }>(await p.send(owner, 'GET', '/performance/sites'), 200)
    ).sites;
    expect((await p.send(owner, 'DELETE', `/performance/sites/${first?.id}`)).status).toBe(204);
    await p.site(owner, { url: 'https://docs.example.com/' });
  });

  it("refuses 'Run now' once the month's runs are used, saying when they reset and naming the pack", async () => {
    p = await createPerfApp();
    const owner = await p.user('free');
    const site = await p.site(owner);
    for (let i = 0; i < 10; i++) {
      const run = await p.json<PerformanceRun>(
        await p.send(owner, 'POST', `/performance/sites/${site.id}/runs`),
        202,
      );
      expect(run).toMatchObject({ siteId: site.id, status: 'queued', reason: 'manual', queuedAt: START });
    }
    const refused = await errorOf(await p.send(owner, 'POST', `/performance/sites/${site.id}/runs`));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('performance_runs_exhausted');
    expect(refused.message).toMatch(
      /^You've used all 10 performance runs of the Free plan\. They reset on Dec \d+, 2026\. /,
    );
    expect(refused.message).toContain('Buy a one-off pack of 50 runs ($5) or upgrade to run more now');
    const queued = await p.t.database.db.selectFrom('performance_checks').selectAll().execute();
    expect(queued).toHaveLength(10);
  });

  it('refuses budgets on free with feature_not_in_plan and gives starter the default budgets', async () => {
    p = await createPerfApp();
    const free = await p.user('free');
    const refused = await errorOf(
      await p.send(free, 'POST', '/performance/sites', {
        url: 'https://shop.example.com/',
        budgets: [{ metric: 'lcpMs', limit: 2500 }],
      }),
    );
    expect(refused).toMatchObject({ status: 403, code: 'feature_not_in_plan' });
    expect(refused.message).toBe(
      'Performance budgets require the Starter plan or higher. Upgrade to set budgets on your sites.',
    );
    const freeSite = await p.site(free);
    expect(freeSite.budgets).toEqual([]);
    const patch = await errorOf(
      await p.send(free, 'PATCH', `/performance/sites/${freeSite.id}`, {
        budgets: [{ metric: 'cls', limit: 0.1 }],
      }),
    );
    expect(patch).toMatchObject({ status: 403, code: 'feature_not_in_plan' });

    const starter = await p.user('starter');
    const site = await p.site(starter);
    expect(site.budgets).toEqual(DEFAULT_BUDGETS);
    expect(DEFAULT_BUDGETS).toEqual([
      { metric: 'lcpMs', limit: 2000 },
      { metric: 'serverResponseMs', limit: 500 },
    ]);
    const changed = await p.json<{ budgets: unknown }>(
      await p.send(starter, 'PATCH', `/performance/sites/${site.id}`, {
        budgets: [{ metric: 'performanceScore', limit: 90 }],
      }),
      200,
    );
    expect(changed.budgets).toEqual([{ metric: 'performanceScore', limit: 90 }]);
  });
});

describe('performance site fields', () => {
  it('defaults to mobile, names the site after its host and schedules by the plan frequency', async () => {
    p = await createPerfApp();
    const free = await p.user('free');
    const site = await p.site(free);
    expect(site).toMatchObject({
      url: 'https://shop.example.com/',
      name: 'shop.example.com',
      device: 'mobile',
      monitorId: null,
      frequency: 'weekly',
      nextRunAt: START,
      lastRun: null,
      activeRun: null,
      budgetStatus: 'none',
      createdAt: START,
    });
    const starter = await p.user('starter');
    expect((await p.site(starter, { device: 'desktop' })).frequency).toBe('daily');
  });

  it('answers validation codes for bad input', async () => {
    p = await createPerfApp();
    const owner = await p.user('pro');
    const cases: [unknown, number, string][] = [
      [{ url: 'ftp://shop.example.com/' }, 422, 'validation_failed'],
      [{ url: 'https://shop.example.com/', device: 'tablet' }, 422, 'validation_failed'],
      [
        {
          url: 'https://shop.example.com/',
          budgets: [
            { metric: 'lcpMs', limit: 1 },
            { metric: 'lcpMs', limit: 2 },
          ],
        },
        422,
        'validation_failed',
      ],
      [
        { url: 'https://shop.example.com/', budgets: [{ metric: 'lcpMs', limit: -1 }] },
        422,
        'validation_failed',
      ],
      [{ url: 'https://db.internal.test/' }, 422, 'private_target'],
      [{ url: 'https://shop.example.com/', monitorId: 'nope' }, 404, 'monitor_not_found'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await errorOf(await p.send(owner, 'POST', '/performance/sites', body));
      expect({ body, status: answer.status, code: answer.code }).toEqual({ body, status, code });
    }
    const site = await p.site(owner);
    const badCursor = await errorOf(
      await p.send(owner, 'GET', `/performance/sites/${site.id}/runs?cursor=nonsense`),
    );
    expect(badCursor).toMatchObject({ status: 400, code: 'invalid_cursor' });
  });
});

describe('tenant isolation', () => {
  it("keeps user B out of every route of A's site", async () => {
    p = await createPerfApp();
    const a = await p.user('pro');
    const b = await p.user('pro');
    const site = await p.site(a);
    const path = `/performance/sites/${site.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', path],
      ['PATCH', path, { name: 'Mine now' }],
      ['DELETE', path],
      ['GET', `${path}/runs`],
      ['POST', `${path}/runs`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await errorOf(await p.send(b, method, url, body));
      expect({ method, url, status: answer.status, code: answer.code }).toEqual({
        method,
        url,
        status: 404,
        code: 'performance_site_not_found',
      });
    }
    expect(
      (await p.json<{ sites: unknown[] }>(await p.send(b, 'GET', '/performance/sites'), 200)).sites,
    ).toEqual([]);
    // A monitor of A's cannot be linked by B.
    const monitor = await p.json<{ id: string }>(
      await p.send(a, 'POST', '/monitors', {
        name: 'Shop',
        url: 'https://shop.example.com/',
        intervalSeconds: 60,
      }),
      201,
    );
    const linked = await errorOf(
      await p.send(b, 'POST', '/performance/sites', {
        url: 'https://shop.example.com/',
        monitorId: monitor.id,
      }),
    );
    expect(linked).toMatchObject({ status: 404, code: 'monitor_not_found' });
    const unchanged = await p.json<{ name: string }>(await p.send(a, 'GET', path), 200);
    expect(unchanged.name).toBe('shop.example.com');
    expect(await p.t.database.db.selectFrom('performance_checks').selectAll().execute()).toEqual([]);
  });

  it('pages runs newest first with a cursor', async () => {
    p = await createPerfApp();
    const owner = await p.user('pro');
    const site = await p.site(owner);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      p.clock.advance(1000);
      ids.push(
        (await p.json<PerformanceRun>(await p.send(owner, 'POST', `/performance/sites/${site.id}/runs`), 202))
          .id,
      );
    }
    const first = await p.json<{ runs: PerformanceRun[]; nextCursor: string }>(
      await p.send(owner, 'GET', `/performance/sites/${site.id}/runs?limit=2`),
      200,
    );
    expect(first.runs.map((run) => run.id)).toEqual([ids[2], ids[1]]);
    const second = await p.json<{ runs: PerformanceRun[]; nextCursor: string | null }>(
      await p.send(owner, 'GET', `/performance/sites/${site.id}/runs?limit=2&cursor=${first.nextCursor}`),
      200,
    );
    expect(second.runs.map((run) => run.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('runs for a deployment', () => {
  it("queues a 'deployment' run for each of the owner's sites linked to the monitor, without using performance_runs", async () => {
    p = await createPerfApp();
    const owner = await p.user('free');
    const other = await p.user('free');
    const monitor = await p.json<{ id: string }>(
      await p.send(owner, 'POST', '/monitors', {
        name: 'Shop',
        url: 'https://shop.example.com/',
        intervalMinutes: 15,
      }),
      201,
    );
    const linked = await p.site(owner, { monitorId: monitor.id });
    await p.site(owner, { url: 'https://blog.example.com/' });
    const before = (await p.t.billing.entitlements.planSummary(owner.id)).limits.performanceRuns.remaining;
    const deps = { db: p.t.database.db, events: createLocalEventBus(), clock: p.clock };
    const queued = await queueDeploymentRuns(deps, owner.id, monitor.id);
    expect(await queueDeploymentRuns(deps, other.id, monitor.id)).toEqual([]);
    const runs = await p.t.database.db.selectFrom('performance_checks').selectAll().execute();
    expect(runs.map((r) => [r.id, r.site_id, r.reason, r.status])).toEqual([
      [queued[0], linked.id, 'deployment', 'queued'],
    ]);
    expect((await p.t.billing.entitlements.planSummary(owner.id)).limits.performanceRuns.remaining).toBe(
      before,
    );
    expect(before).toBe(10);
  });
});
