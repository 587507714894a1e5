// GET /metrics keeps each monitor's label set from one scrape to the next, whoever wrote its latest
// result: a heartbeat's pings and the worker judging its deadline, and the regions of a monitor
// checked from several. A label that changed would split one monitor into two series.
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertApp } from '../alerts/test/alert-app.ts';
import { createAlertApp } from '../alerts/test/alert-app.ts';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { type HeartbeatHarness, startHeartbeatHarness } from '../heartbeats/test/heartbeat-harness.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import type { TestUser } from '../test/factories.ts';
import { storedResults } from '../test/result-rows.ts';
import { reportWorker } from '../test/worker-rows.ts';

const MINUTE = 60_000;
const signal = new AbortController().signal;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function scraper(app: AlertApp, owner: TestUser) {
  const created = await app.send(owner, 'POST', '/api-keys', { name: 'Prometheus', role: 'viewer' });
  expect(created.status).toBe(201);
  const { key } = (await created.json()) as { key: string };
  /** The series (name and labels) of one monitor in a scrape. */
  return async (monitorId: string): Promise<string[]> => {
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    return (await response.text())
      .split('\n')
      .filter((line) => !line.startsWith('#') && line.includes(`monitor_id="${monitorId}"`))
      .map((line) => line.slice(0, line.lastIndexOf(' ')));
  };
}

const regionsIn = (series: string[]) => new Set(series.map((s) => s.match(/region="([^"]*)"/)?.[1]));
const statusSeries = (series: string[]) => series.filter((s) => s.startsWith('upwatch_monitor_status{'));

describe("a monitor's labels on GET /metrics", () => {
  it("stay the same for a heartbeat around a ping and the worker's check of its deadline", async () => {
    const h: HeartbeatHarness = await startHeartbeatHarness();
    closers.push(() => h.close());
    const scrape = await scraper(h.app, h.owner);
    const monitor = await h.create({ name: 'Nightly backup', periodSeconds: 300, graceSeconds: 120 });
    const t0 = h.app.clock.now();

    expect((await h.ping(monitor)).status).toBe(200);
    const afterPing = await scrape(monitor.id);
    await h.advanceTo(t0 + 7 * MINUTE + 2_000);
    const afterCheck = await scrape(monitor.id);
    expect((await h.ping(monitor)).status).toBe(200);
    const afterNextPing = await scrape(monitor.id);

    // The latest result came from the ping, then from the worker, then from a ping again.
    const regions = (await h.results(monitor.id)).map((r) => `${r.region} ${r.status}`);
    expect(regions).toEqual(['ping up', 'test down', 'ping up']);
    expect(statusSeries(afterCheck)).toEqual(statusSeries(afterPing));
    expect(statusSeries(afterNextPing)).toEqual(statusSeries(afterPing));
    expect(afterNextPing).toEqual(afterPing);
    expect(regionsIn([...afterPing, ...afterCheck, ...afterNextPing])).toEqual(new Set(['']));
    expect(statusSeries(afterPing)).toEqual([
      `upwatch_monitor_status{monitor_id="${monitor.id}",name="Nightly backup",kind="heartbeat",region=""}`,
    ]);
  });

  it('stay the same for a monitor checked from two regions, whichever checked last', async () => {
    const app = await createAlertApp();
    closers.push(() => app.close());
    const target: Target = await startTarget((_req, res) => res.end('ok'));
    closers.push(() => target.close());
    for (const region of ['eu', 'us']) await reportWorker(app.db, region, app.clock.now());
    const job = (region: string) =>
      createCheckJob({
        db: app.db,
        dialect: app.database.dialect,
        clock: app.clock,
        guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
        events: createLocalEventBus(),
        logger: createLogger('silent'),
        region,
        workerId: `worker-${region}`,
        confirmDelayMs: 15_000,
      });
    const run = async (region: string) => {
      const checks = job(region);
      await checks.run(signal);
      await checks.drain?.();
    };
    const owner = await app.user('pro');
    const scrape = await scraper(app, owner);
    const created = await app.send(owner, 'POST', '/monitors', {
      name: 'API',
      url: `${target.origin}/health`,
      intervalSeconds: 60,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await run('eu');
    const afterEu = await scrape(id);
    app.clock.advance(1_000);
    await run('us');
    const afterUs = await scrape(id);

    expect((await storedResults(app.db, id)).map((r) => r.region)).toEqual(['eu', 'us']);
    expect(statusSeries(afterUs)).toEqual(statusSeries(afterEu));
    expect(regionsIn([...afterEu, ...afterUs])).toEqual(new Set(['eu,us']));
    expect(statusSeries(afterEu)).toEqual([
      `upwatch_monitor_status{monitor_id="${id}",name="API",kind="http",region="eu,us"}`,
    ]);
  });
});
