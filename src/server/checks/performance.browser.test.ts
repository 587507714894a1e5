// The performance runner with real Chromium and Lighthouse against pages served on 127.0.0.1:
// light versus heavy figures and a budget episode through the job, the time limit, a missing
// Chromium, the proxy's SSRF guard, and no Chromium left behind.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerformanceRun } from '../../core/api/performance.ts';
import { createPerformanceJob } from '../performance/job.ts';
import { createPerfApp, type PerfApp } from '../performance/test/perf-app.ts';
import { systemClock } from '../platform/clock.ts';
import { createLogger } from '../platform/logger.ts';
import { classifyAddress } from '../platform/net/address-policy.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { DEFAULT_CHROME_PATH, type PerformanceCheckConfig, performanceCheckRunner } from './performance.ts';
import { type PerfPages, servePerfPages } from './test/perf-pages.ts';

const TEST_FLAGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];
const loopbackGuard = createTargetGuard({ allowPrivateTargets: true });

/** Processes started with one of our run profiles (Chromium and its helpers). */
function ourChromium(): string[] {
  const table = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return table.split('\n').filter((line) => line.includes('upwatch-lighthouse-'));
}

function runDirect(config: Partial<PerformanceCheckConfig> & { url: string }, guard = loopbackGuard) {
  return performanceCheckRunner.run(
    { device: 'mobile', chromePath: DEFAULT_CHROME_PATH, extraChromeFlags: TEST_FLAGS, ...config },
    { signal: new AbortController().signal, clock: systemClock, guard, region: 'test' },
  );
}

let pages: PerfPages;
beforeAll(async () => {
  pages = await servePerfPages();
});
afterAll(async () => {
  await pages.close();
  expect(ourChromium()).toEqual([]);
});

describe('light and heavy pages through the job, with the default budgets', () => {
  let p: PerfApp;
  afterAll(async () => {
    await p?.t.close();
  });

  it('measures the heavy page worse; its LCP over 2.0 s opens one violation and one alert over three runs, the light page none', async () => {
    p = await createPerfApp({ allowPrivateTargets: true });
    const owner = await p.user('starter');
    const light = await p.site(owner, { url: `${pages.origin}/light`, name: 'Light' });
    const heavy = await p.site(owner, { url: `${pages.origin}/heavy`, name: 'Heavy' });
    const job = createPerformanceJob({
      db: p.t.database.db,
      dialect: p.t.database.dialect,
      clock: p.clock,
      guard: loopbackGuard,
      events: { publish: () => undefined, subscribe: () => () => undefined },
      logger: createLogger('silent'),
      region: 'test',
      workerId: 'browser-test',
      entitlements: p.t.billing.entitlements,
      runner: performanceCheckRunner,
      chromePath: DEFAULT_CHROME_PATH,
      timeLimitMs: 60_000,
      extraChromeFlags: TEST_FLAGS,
    });
    const runOnce = async () => {
      await job.run(new AbortController().signal);
      await job.idle();
    };
    // The first poll queues both sites' scheduled runs; then 'Run now' twice on heavy, once on light.
    await runOnce();
    await runOnce();
    for (const id of [heavy.id, heavy.id, light.id]) {
      p.clock.advance(1000);
      await p.json(await p.send(owner, 'POST', `/performance/sites/${id}/runs`), 202);
      await runOnce();
    }
    const runsOf = async (id: string) =>
      (
        await p.json<{ runs: PerformanceRun[] }>(
          await p.send(owner, 'GET', `/performance/sites/${id}/runs`),
          200,
        )
      ).runs;
    const heavyRuns = await runsOf(heavy.id);
    const lightRuns = await runsOf(light.id);
    expect(heavyRuns.map((r) => [r.status, r.error])).toEqual(Array(3).fill(['succeeded', null]));
    expect(lightRuns.map((r) => [r.status, r.error])).toEqual(Array(2).fill(['succeeded', null]));

    const h = heavyRuns[0]?.metrics;
    const l = lightRuns[0]?.metrics;
    expect(h && l).toBeTruthy();
    if (!h || !l) return;
    expect(h.lcpMs ?? 0).toBeGreaterThan(l.lcpMs ?? Number.POSITIVE_INFINITY);
    expect(h.tbtMs ?? 0).toBeGreaterThan(l.tbtMs ?? Number.POSITIVE_INFINITY);
    expect(h.cls ?? 0).toBeGreaterThan(l.cls ?? Number.POSITIVE_INFINITY);
    expect(l.lcpMs ?? Number.POSITIVE_INFINITY).toBeLessThan(2000);
    expect(h.requestCount ?? 0).toBeGreaterThan(l.requestCount ?? Number.POSITIVE_INFINITY);
    expect(h.totalBytes ?? 0).toBeGreaterThan(1_000_000);
    expect(h.performanceScore ?? 100).toBeLessThan(l.performanceScore ?? 0);
    expect(l.serverResponseMs ?? Number.POSITIVE_INFINITY).toBeLessThan(500);
    for (const run of heavyRuns) expect(run.violations.map((v) => v.metric)).toEqual(['lcpMs']);
    expect(heavyRuns[0]?.opportunities.length).toBeGreaterThan(0);

    const db = p.t.database.db;
    const episodes = await db.selectFrom('budget_violations').selectAll().execute();
    expect(episodes.map((e) => [e.site_id, e.metric, e.recovered_at])).toEqual([[heavy.id, 'lcpMs', null]]);
    const alerts = await db.selectFrom('performance_alerts').selectAll().execute();
    expect(alerts.map((a) => [a.site_id, a.kind])).toEqual([[heavy.id, 'performance.budget_exceeded']]);
    const deliveries = await db.selectFrom('alert_deliveries').select('kind').execute();
    expect(deliveries).toEqual([{ kind: 'performance.budget_exceeded' }]);
    const sites = await p.json<{ sites: { name: string; budgetStatus: string }[] }>(
      await p.send(owner, 'GET', '/performance/sites'),
      200,
    );
    expect(sites.sites.map((s) => [s.name, s.budgetStatus])).toEqual([
      ['Light', 'within'],
      ['Heavy', 'over'],
    ]);
  }, 240_000);
});

describe('runs that cannot finish', () => {
  it('stops a page that never finishes loading at the 20 s limit with a timeout result, killing Chromium', async () => {
    const started = Date.now();
    const result = await runDirect({ url: `${pages.origin}/never`, timeLimitMs: 20_000 });
    expect(result.status).toBe('down');
    expect(result.failure?.code).toBe('timeout');
    expect(result.failure?.message).toBe(
      'The run did not finish within 20 s (the page may never finish loading); Chromium was stopped.',
    );
    expect(result.metrics).toBeNull();
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(ourChromium()).toEqual([]);
  }, 45_000);

  it('fails with chromium_not_found, saying how to install it, when CHROME_PATH points at nothing', async () => {
    const result = await runDirect({ url: `${pages.origin}/light`, chromePath: '/nonexistent/chromium' });
    expect(result.failure).toEqual({
      code: 'chromium_not_found',
      message:
        'Chromium was not found at /nonexistent/chromium. Install it with "apt-get install -y --no-install-recommends chromium" or set CHROME_PATH to its executable.',
    });
    expect(result.status).toBe('down');
  });
});

describe('the proxy guard', () => {
  it("blocks an image from a host the classifier calls private, and says so, while the page's loopback requests pass", async () => {
    const guard = createTargetGuard({
      allowPrivateTargets: false,
      resolve: async (host) => {
        if (host === 'cdn.private.test') return [{ address: '10.20.30.40', family: 4 }];
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      },
      // Test mode: loopback counts as public, so only the page's own server is reachable.
      classify: (address) => (address === '127.0.0.1' ? 'public' : classifyAddress(address)),
    });
    const result = await runDirect({ url: `${pages.origin}/private-image` }, guard);
    expect(result.failure).toBeNull();
    expect(result.status).toBe('up');
    expect(result.blockedRequests).toEqual(['http://cdn.private.test/pixel.bmp']);
    expect(result.metrics?.fcpMs).toBeGreaterThan(0);
  }, 60_000);
});
