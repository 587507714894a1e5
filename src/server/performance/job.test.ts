// The performance job's bookkeeping with a fake runner behind the runner interface (no figures
// here claim to be Lighthouse's): scheduling by plan frequency, one run at a time, progress
// events, budget episodes with one alert each way, and regression flags.
import { afterEach, describe, expect, it } from 'vitest';
import { PERFORMANCE_METRICS, type PerformanceMetrics } from '../../core/api/performance.ts';
import type { PerformanceCheckConfig, PerformanceCheckResult } from '../checks/performance.ts';
import type { CheckRunner } from '../checks/types.ts';
import { type AppEvent, createLocalEventBus } from '../platform/events/bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import type { TestUser } from '../test/factories.ts';
import { createPerformanceJob } from './job.ts';
import { FREQUENCY_MS } from './schedule.ts';
import { createPerfApp, type PerfApp, START } from './test/perf-app.ts';

const EMPTY = Object.fromEntries(PERFORMANCE_METRICS.map((m) => [m, null])) as PerformanceMetrics;

/** Answers each run with the next scripted metrics (null: a failed run). */
function scriptedRunner(script: (Partial<PerformanceMetrics> | null)[]) {
  const seen: PerformanceCheckConfig[] = [];
  const runner: CheckRunner<PerformanceCheckConfig, PerformanceCheckResult, 'performance'> = {
    kind: 'performance',
    concurrency: 1,
    async run(config, ctx) {
      seen.push(config);
      const next = script.shift();
      const base = { startedAt: ctx.clock.now(), region: ctx.region, opportunities: [], blockedRequests: [] };
      if (!next)
        return { ...base, status: 'down', failure: { code: 'timeout', message: 'Too slow.' }, metrics: null };
      return { ...base, status: 'up', failure: null, metrics: { ...EMPTY, ...next } };
    },
  };
  return { runner, seen };
}

let p: PerfApp;
afterEach(async () => {
  await p?.t.close();
});

function jobFor(runner: ReturnType<typeof scriptedRunner>['runner'], events = createLocalEventBus()) {
  return createPerformanceJob({
    db: p.t.database.db,
    dialect: p.t.database.dialect,
    clock: p.clock,
    guard: createTargetGuard({ allowPrivateTargets: true }),
    events,
    logger: createLogger('silent'),
    region: 'test',
    workerId: 'perf-test',
    entitlements: p.t.billing.entitlements,
    runner,
    chromePath: '/usr/bin/chromium',
    timeLimitMs: 90_000,
  });
}

async function runOnce(job: ReturnType<typeof jobFor>) {
  await job.run(new AbortController().signal);
  await job.idle();
}

async function queueManual(owner: TestUser, siteId: string) {
  await p.json(await p.send(owner, 'POST', `/performance/sites/${siteId}/runs`), 202);
}

describe('scheduled performance runs', () => {
  it('queues a new site at once, then weekly on free and daily on starter', async () => {
    p = await createPerfApp();
    const free = await p.site(await p.user('free'));
    const starter = await p.site(await p.user('starter'), { url: 'https://blog.example.com/' });
    const { runner, seen } = scriptedRunner([{ lcpMs: 1000 }, { lcpMs: 1000 }]);
    const job = jobFor(runner);
    await runOnce(job);
    await runOnce(job);
    const sites = await p.t.database.db
      .selectFrom('performance_sites')
      .select(['id', 'next_run_at'])
      .execute();
    const next = Object.fromEntries(sites.map((s) => [s.id, s.next_run_at]));
    expect(next[free.id]).toBe(START + 7 * 86_400_000);
    expect(next[starter.id]).toBe(START + 86_400_000);
    expect(FREQUENCY_MS).toEqual({ weekly: 604_800_000, daily: 86_400_000 });
    expect(seen.map((c) => c.url).sort()).toEqual(['https://blog.example.com/', 'https://shop.example.com/']);
    const runs = await p.t.database.db.selectFrom('performance_checks').selectAll().execute();
    expect(runs.map((r) => [r.reason, r.status])).toEqual([
      ['schedule', 'succeeded'],
      ['schedule', 'succeeded'],
    ]);
    // Nothing is due a day later on free; starter's next run is.
    p.clock.advance(86_400_000);
    await runOnce(job);
    const queued = await p.t.database.db
      .selectFrom('performance_checks')
      .select('site_id')
      .where('status', '!=', 'succeeded')
      .execute();
    expect(queued.map((r) => r.site_id)).toEqual([starter.id]);
  });

  it('runs one at a time and publishes queued, running and done', async () => {
    p = await createPerfApp();
    const owner = await p.user('pro');
    const site = await p.site(owner);
    const events = createLocalEventBus();
    const seen: AppEvent[] = [];
    events.subscribe((event) => seen.push(event));
    const { runner } = scriptedRunner([{ lcpMs: 1000 }, null]);
    const job = jobFor(runner, events);
    await queueManual(owner, site.id);
    await runOnce(job);
    await runOnce(job);
    const progress = seen
      .filter((e) => e.type === 'performance.run')
      .map((e) => (e as { status: string }).status);
    // schedule run queued by the job; 'Run now' queued by the API on another bus.
    expect(progress).toEqual(['queued', 'running', 'succeeded', 'running', 'failed']);
    const runs = await p.json<{ runs: { status: string; error: unknown }[] }>(
      await p.send(owner, 'GET', `/performance/sites/${site.id}/runs`),
      200,
    );
    expect(runs.runs.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect(runs.runs.find((r) => r.status === 'failed')?.error).toEqual({
      code: 'timeout',
      message: 'Too slow.',
    });
  });
});

describe('budget episodes', () => {
  it('sends one alert when LCP goes over budget, none while it stays over, one when back within', async () => {
    p = await createPerfApp();
    const owner = await p.user('starter');
    const site = await p.site(owner);
    const { runner } = scriptedRunner([
      { lcpMs: 1500, serverResponseMs: 100 },
      { lcpMs: 2500, serverResponseMs: 100 },
      null,
      { lcpMs: 2900, serverResponseMs: 100 },
      { lcpMs: 1800, serverResponseMs: 100 },
    ]);
    const job = jobFor(runner);
    await runOnce(job);
    for (let i = 0; i < 4; i++) {
      p.clock.advance(1000);
      await queueManual(owner, site.id);
      await runOnce(job);
    }
    const db = p.t.database.db;
    const episodes = await db.selectFrom('budget_violations').selectAll().execute();
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({
      metric: 'lcpMs',
      limit_value: 2000,
      worst_value: 2900,
      recovered_at: START + 4000,
    });
    const alerts = await db.selectFrom('performance_alerts').selectAll().orderBy('created_at').execute();
    expect(alerts.map((a) => [a.kind, a.metric, a.value])).toEqual([
      ['performance.budget_exceeded', 'lcpMs', 2500],
      ['performance.budget_recovered', 'lcpMs', 1800],
    ]);
    const deliveries = await db
      .selectFrom('alert_deliveries')
      .select(['kind', 'channel_id', 'workspace_id'])
      .orderBy('created_at')
      .execute();
    expect(deliveries).toEqual([
      { kind: 'performance.budget_exceeded', channel_id: null, workspace_id: owner.id },
      { kind: 'performance.budget_recovered', channel_id: null, workspace_id: owner.id },
    ]);
    const read = await p.json<{ budgetStatus: string }>(
      await p.send(owner, 'GET', `/performance/sites/${site.id}`),
      200,
    );
    expect(read.budgetStatus).toBe('within');
  });

  it('judges no budgets on free, but still flags a regression against the median of 5 runs', async () => {
    p = await createPerfApp();
    const owner = await p.user('free');
    const site = await p.site(owner);
    const { runner } = scriptedRunner([1000, 1100, 1200, 900, 1000, 5000].map((lcpMs) => ({ lcpMs })));
    const job = jobFor(runner);
    await runOnce(job);
    for (let i = 0; i < 5; i++) {
      p.clock.advance(1000);
      await queueManual(owner, site.id);
      await runOnce(job);
    }
    expect(await p.t.database.db.selectFrom('budget_violations').selectAll().execute()).toEqual([]);
    const runs = await p.json<{ runs: { regressions: unknown[]; violations: unknown[] }[] }>(
      await p.send(owner, 'GET', `/performance/sites/${site.id}/runs`),
      200,
    );
    expect(runs.runs[0]?.regressions).toEqual([{ metric: 'lcpMs', value: 5000, median: 1000 }]);
    expect(runs.runs.slice(1).every((r) => r.regressions.length === 0)).toBe(true);
  });
});
