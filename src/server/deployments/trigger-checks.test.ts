// trigger_checks: true brings exactly one HTTP check forward on each affected monitor that is not
// paused, run by the real check job against real 127.0.0.1 targets, and its result says why it
// ran (reason 'deployment') in the monitor's history.
import { afterEach, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import { countResults, storedResults } from '../test/result-rows.ts';
import { createDeployApp, type DeployApp } from './test/deploy-app.ts';

let d: DeployApp;
const targets: Target[] = [];
afterEach(async () => {
  await Promise.all(targets.splice(0).map((target) => target.close()));
  await d?.t.close();
});

async function countingTarget() {
  const hits: string[] = [];
  const target = await startTarget((req, res) => {
    hits.push(req.url ?? '');
    res.end('ok');
  });
  targets.push(target);
  return { target, hits };
}

function checkJob(): WorkerJob {
  return createCheckJob({
    db: d.t.database.db,
    dialect: d.t.database.dialect,
    clock: d.clock,
    guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
    events: createLocalEventBus(),
    logger: createLogger('silent'),
    region: 'local',
    workerId: 'worker-deploy',
  });
}

const signal = new AbortController().signal;
const resultCount = () => countResults(d.t.database.db);

/**
 * Polls the job (bounded: 200 rounds, real 10 ms apart) until `done` holds, then drains it: the
 * checks in flight finish and every result is stored (the fake clock never reaches a flush).
 */
async function pumpUntil(job: WorkerJob, done: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !done(); round++) {
    await job.run(signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!done()) throw new Error('condition not reached within 200 rounds');
  await job.drain?.();
}

/** A few more polls with nothing due must start no check. */
async function settle(job: WorkerJob): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await job.run(signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await job.drain?.();
}

it('runs exactly one immediate check per affected monitor, with reason deployment in its history', async () => {
  d = await createDeployApp({ allowPrivateTargets: true });
  const owner = await d.user('pro');
  const app = await countingTarget();
  const other = await countingTarget();
  const web = await d.monitor(owner, `${app.target.origin}/`, 'Web');
  const health = await d.monitor(owner, `${app.target.origin}/health`, 'Health');
  const paused = await d.monitor(owner, `${app.target.origin}/paused`, 'Paused');
  const elsewhere = await d.monitor(owner, `${other.target.origin}/`, 'Elsewhere');
  expect((await d.send(owner, 'POST', `/monitors/${paused}/pause`)).status).toBe(200);

  // Every new monitor is due at once: its first, scheduled check.
  const job = checkJob();
  await pumpUntil(job, () => app.hits.length + other.hits.length === 3);
  await settle(job);
  expect(app.hits.sort()).toEqual(['/', '/health']);
  expect(other.hits).toEqual(['/']);

  // Deployed a millisecond later (in the same one, the brought-forward check would be stored a
  // millisecond after its deployment: results are keyed by monitor and millisecond). No scheduled
  // slot is due (each is later).
  d.clock.advance(1);
  const deployment = await d.deploy(owner, {
    version: 'v1.4.2',
    url: `${app.target.origin}/release`,
    trigger_checks: true,
  });
  expect([...deployment.monitorIds].sort()).toEqual([web, health, paused].sort());
  expect([...deployment.triggeredMonitorIds].sort()).toEqual([web, health].sort());

  await pumpUntil(job, () => app.hits.length === 4);
  await settle(job);
  expect(await resultCount()).toBe(5);
  expect(app.hits.sort()).toEqual(['/', '/', '/health', '/health']);
  expect(other.hits).toEqual(['/']);

  for (const id of [web, health]) {
    const page = await d.json<{ results: { checkedAt: number; reason?: string }[] }>(
      await d.send(owner, 'GET', `/monitors/${id}/results`),
      200,
    );
    expect(page.results.map((result) => result.reason ?? 'scheduled')).toEqual(['deployment', 'scheduled']);
    expect(page.results[0]?.checkedAt).toBe(deployment.deployedAt);
  }
  const rows = await d.t.database.db.selectFrom('monitors').select(['id', 'check_reason']).execute();
  expect(rows.every((row) => row.check_reason === null)).toBe(true);
  expect(rows.find((row) => row.id === elsewhere)).toBeDefined();
});

it('keeps a check a deployment brought forward while a scheduled check of the monitor was in flight', async () => {
  d = await createDeployApp({ allowPrivateTargets: true });
  const owner = await d.user('pro');
  let release: () => void = () => {};
  const hits: string[] = [];
  const slow = await startTarget((req, res) => {
    hits.push(req.url ?? '');
    // The first (scheduled) check is held until the deployment is recorded.
    if (hits.length === 1) release = () => res.end('ok');
    else res.end('ok');
  });
  targets.push(slow);
  const id = await d.monitor(owner, `${slow.origin}/`, 'Slow');
  const job = checkJob();
  for (let round = 0; round < 200 && hits.length === 0; round++) {
    await job.run(signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(hits).toHaveLength(1);

  const deployment = await d.deploy(owner, { trigger_checks: true });
  expect(deployment.triggeredMonitorIds).toEqual([id]);
  release();
  await pumpUntil(job, () => hits.length === 2);
  await settle(job);
  expect(hits).toHaveLength(2);
  const results = await storedResults(d.t.database.db);
  expect(results.map((row) => row.reason)).toEqual([null, 'deployment']);
});
