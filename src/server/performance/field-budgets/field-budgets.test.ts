// Budgets on real visitors' figures (issue 42, item 5), on the fake clock: page views arrive as
// beacons and through the page-view buffer, the hourly pass judges the site's p75, and a webhook
// on this machine receives what every channel would.
import { afterEach, describe, expect, it } from 'vitest';
import type { PerformanceSite } from '../../../core/api/performance.ts';
import { type AlertApp, createAlertApp } from '../../alerts/test/alert-app.ts';
import { startReceiver } from '../../alerts/test/receiver.ts';
import { createLogger } from '../../platform/logger.ts';
import type { TestUser } from '../../test/factories.ts';
import { beaconBody, SITE_ORIGIN, VISITOR_AGENT } from '../field/test/rum-app.ts';
import { createFieldBudgetPass, SETTLE_MS } from './job.ts';
import { HOUR_MS } from './window-sample.ts';

let t: AlertApp;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0)) await step();
  await t?.close();
});

async function body<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A Pro site linked to a monitor whose one channel is a webhook on this machine, RUM on. */
async function fieldSite(budgets: unknown[]) {
  t = await createAlertApp();
  const owner = await t.user('pro');
  const receiver = await startReceiver();
  cleanups.push(receiver.close);
  const hook = await body<{ id: string }>(
    await t.send(owner, 'POST', '/alert-channels', {
      kind: 'webhook',
      name: 'Perf',
      config: { url: `${receiver.url}/in` },
    }),
    201,
  );
  const monitor = await body<{ id: string }>(
    await t.send(owner, 'POST', '/monitors', { name: 'Shop', url: `${SITE_ORIGIN}/` }),
    201,
  );
  await t.send(owner, 'PUT', `/monitors/${monitor.id}/alert-channels`, { channelIds: [hook.id] });
  const site = await body<PerformanceSite>(
    await t.send(owner, 'POST', '/performance/sites', {
      url: `${SITE_ORIGIN}/`,
      name: 'Shop',
      monitorId: monitor.id,
      budgets,
    }),
    201,
  );
  const rum = await body<{ key: string }>(
    await t.send(owner, 'PUT', `/performance/sites/${site.id}/rum`, { enabled: true }),
    200,
  );
  const deps = {
    db: t.db,
    dialect: t.database.dialect,
    clock: t.clock,
    logger: createLogger('silent'),
    entitlements: t.entitlements,
  };
  return { owner, site, key: rum.key, receiver, deps, pass: createFieldBudgetPass(deps) };
}

type Site = Awaited<ReturnType<typeof fieldSite>>;

/** Page views as visitors' browsers send them, a little over a second apart. */
async function beacons(s: Site, count: number, lcp: number) {
  for (let i = 0; i < count; i++) {
    const answer = await t.request(`/rum/${s.key}`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: SITE_ORIGIN,
        'user-agent': VISITOR_AGENT,
      },
      body: JSON.stringify(beaconBody({ metrics: { LCP: lcp } })),
    });
    expect(answer.status).toBe(204);
    t.clock.advance(1_100);
  }
  await t.rum.buffer.flush();
}

/** Page views straight into the page-view buffer (as the beacon route adds them). */
async function views(s: Site, owner: TestUser, count: number, lcp: number) {
  for (let i = 0; i < count; i++) {
    t.rum.buffer.add({
      siteId: s.site.id,
      workspaceId: owner.id,
      route: '/p/:id',
      device: 'mobile',
      metrics: { lcp },
    });
  }
  await t.rum.buffer.flush();
}

/** Moves to just past the next hour's settling, judges it, and delivers what it sent. */
async function nextHour(s: Site) {
  const target = (Math.floor(t.clock.now() / HOUR_MS) + 1) * HOUR_MS + SETTLE_MS + 60_000;
  t.clock.advance(target - t.clock.now());
  await s.pass();
  await t.deliver();
}

function received(s: Site) {
  return s.receiver.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
}

describe('a field LCP budget', () => {
  it('alerts once after 3 breached hours with enough page views, and recovers once after 3 healthy ones', async () => {
    const s = await fieldSite([{ source: 'field', metric: 'lcp', limit: 2500, window: '24h' }]);
    const other = createFieldBudgetPass(s.deps);
    await beacons(s, 120, 3200);
    await nextHour(s);
    await other();
    for (let hour = 1; hour < 4; hour++) {
      expect(received(s)).toHaveLength(hour < 3 ? 0 : 1);
      await views(s, s.owner, 120, 3200);
      await nextHour(s);
      // A second process polling the same hour judges nothing again.
      await other();
    }
    const sent = received(s);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'performance.budget_exceeded',
      summary: expect.stringMatching(
        /^\[Over budget\] Shop — Largest Contentful Paint p75 3\.\d+ s over budget \(at most 2\.5 s\)$/,
      ),
      performance: {
        siteId: s.site.id,
        runId: null,
        metric: 'lcp',
        limit: 2500,
        field: { window: '24h', pageViews: 360, consecutiveHours: 3 },
      },
    });

    // Good page views pull the day's p75 back within budget; three healthy hours recover it.
    await views(s, s.owner, 2000, 1200);
    await nextHour(s);
    await views(s, s.owner, 100, 1200);
    await nextHour(s);
    expect(received(s)).toHaveLength(1);
    await nextHour(s);
    await nextHour(s);
    await nextHour(s);
    const after = received(s);
    expect(after.map((alert) => alert.type)).toEqual([
      'performance.budget_exceeded',
      'performance.budget_recovered',
    ]);
    expect(after[1]).toMatchObject({
      summary: expect.stringMatching(
        /^\[Within budget\] Shop — Largest Contentful Paint p75 back within budget/,
      ),
      performance: { metric: 'lcp', field: { window: '24h', pageViews: 2580 } },
    });

    const episodes = await t.db.selectFrom('budget_violations').selectAll().execute();
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({
      source: 'field',
      metric: 'lcp',
      limit_value: 2500,
      started_run_id: null,
    });
    expect(episodes[0]?.recovered_at).not.toBeNull();
    const alerts = await t.db
      .selectFrom('performance_alerts')
      .select(['kind', 'source', 'metric'])
      .orderBy('created_at')
      .execute();
    expect(alerts).toEqual([
      { kind: 'performance.budget_exceeded', source: 'field', metric: 'lcp' },
      { kind: 'performance.budget_recovered', source: 'field', metric: 'lcp' },
    ]);
  });

  it('never alerts on thin data, however far over budget', async () => {
    const s = await fieldSite([{ source: 'field', metric: 'lcp', limit: 2500 }]);
    for (let hour = 0; hour < 8; hour++) {
      await views(s, s.owner, 10, 9000);
      await nextHour(s);
    }
    expect(received(s)).toEqual([]);
    expect(await t.db.selectFrom('budget_violations').selectAll().execute()).toEqual([]);
    const [streak] = await t.db.selectFrom('field_budget_streaks').selectAll().execute();
    expect(streak).toMatchObject({ metric: 'lcp', breached_hours: 0, healthy_hours: 0, page_views: 80 });
    expect(JSON.parse(streak?.budget ?? '{}')).toMatchObject({ window: '28d', minPageViews: 100 });
  });

  it('does not alert on 2 breached hours followed by a healthy one', async () => {
    const s = await fieldSite([{ source: 'field', metric: 'lcp', limit: 2500, window: '24h' }]);
    await views(s, s.owner, 120, 3200);
    await nextHour(s);
    await views(s, s.owner, 120, 3200);
    await nextHour(s);
    await views(s, s.owner, 2000, 1200);
    await nextHour(s);
    for (let hour = 0; hour < 3; hour++) {
      await views(s, s.owner, 120, 3200);
      await nextHour(s);
    }
    expect(received(s)).toEqual([]);
    expect(await t.db.selectFrom('budget_violations').selectAll().execute()).toEqual([]);
  });

  it('taken off while over budget, ends its episode without an alert', async () => {
    const s = await fieldSite([
      { source: 'field', metric: 'lcp', limit: 2500, window: '24h', consecutiveHours: 1 },
    ]);
    await views(s, s.owner, 120, 3200);
    await nextHour(s);
    expect(received(s).map((alert) => alert.type)).toEqual(['performance.budget_exceeded']);
    await body(await t.send(s.owner, 'PATCH', `/performance/sites/${s.site.id}`, { budgets: [] }), 200);
    await nextHour(s);
    expect(received(s)).toHaveLength(1);
    const [episode] = await t.db.selectFrom('budget_violations').selectAll().execute();
    expect(episode?.recovered_at).not.toBeNull();
    expect(await t.db.selectFrom('field_budget_streaks').selectAll().execute()).toEqual([]);
  });
});

describe('field budget payloads', () => {
  it('take the five vitals with defaults, beside lab budgets, and refuse lab INP or a lab name', async () => {
    t = await createAlertApp();
    const owner = await t.user('pro');
    const site = await body<PerformanceSite>(
      await t.send(owner, 'POST', '/performance/sites', {
        url: `${SITE_ORIGIN}/`,
        budgets: [
          { metric: 'cls', limit: 0.1 },
          { source: 'field', metric: 'cls', limit: 0.1 },
          {
            source: 'field',
            metric: 'inp',
            limit: 200,
            window: '24h',
            consecutiveHours: 6,
            minPageViews: 500,
          },
        ],
      }),
      201,
    );
    expect(site.budgets).toEqual([
      { metric: 'cls', limit: 0.1 },
      { source: 'field', metric: 'cls', limit: 0.1, window: '28d', consecutiveHours: 3, minPageViews: 100 },
      { source: 'field', metric: 'inp', limit: 200, window: '24h', consecutiveHours: 6, minPageViews: 500 },
    ]);
    const refused = [
      [{ metric: 'inp', limit: 200 }],
      [{ source: 'field', metric: 'lcpMs', limit: 2500 }],
      [{ source: 'field', metric: 'lcp', limit: 2500, window: '7d' }],
      [{ source: 'field', metric: 'lcp', limit: 2500, minPageViews: 0 }],
      [
        { source: 'field', metric: 'lcp', limit: 2500 },
        { source: 'field', metric: 'lcp', limit: 3000, window: '24h' },
      ],
    ];
    for (const budgets of refused) {
      const answer = await t.send(owner, 'PATCH', `/performance/sites/${site.id}`, { budgets });
      expect({ budgets, status: answer.status }).toEqual({ budgets, status: 422 });
    }
  });
});
