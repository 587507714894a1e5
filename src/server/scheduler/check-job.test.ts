import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { ManualClock } from '../clock.ts';
import { type AppEvent, createLocalEventBus } from '../events/bus.ts';
import { createLogger } from '../logger.ts';
import { createTargetGuard } from '../net/target-guard.ts';
import { loopbackOnlyOpener } from '../net/test/loopback-only.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCheckJob } from './check-job.ts';
import type { WorkerJob } from './worker.ts';

const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;
let user: TestUser;
let target: Target;
let events: AppEvent[];
let respond: (res: ServerResponse) => void;

beforeEach(async () => {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, allowPrivateTargets: true });
  user = await createUser(t.auth);
  respond = (res) => res.end('ok');
  target = await startTarget((_req, res) => respond(res));
  events = [];
});
afterEach(async () => {
  await target.close();
  await t.close();
});

function job(options: { concurrency?: number; drainTimeoutMs?: number } = {}): WorkerJob {
  const bus = createLocalEventBus();
  bus.subscribe((event) => events.push(event));
  return createCheckJob({
    db: t.database.db,
    dialect: t.database.dialect,
    clock,
    guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
    events: bus,
    logger: createLogger('silent'),
    region: 'eu-test',
    workerId: 'worker-a',
    confirmDelayMs: 15_000,
    ...options,
  });
}

async function createMonitor(name = 'Target'): Promise<string> {
  const response = await t.request('/api/v1/monitors', {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name, url: `${target.origin}/health`, intervalSeconds: 60 }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

const signal = new AbortController().signal;
const results = () => t.database.db.selectFrom('check_results').selectAll().orderBy('checked_at').execute();
const monitorRow = (id: string) =>
  t.database.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Polls the job (bounded: 200 rounds, real 10 ms apart) until `done` holds. */
async function pump(worker: WorkerJob, done: () => Promise<boolean>): Promise<void> {
  for (let round = 0; round < 200; round++) {
    await worker.run(signal);
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached within 200 rounds');
}

describe('the check job', () => {
  it('checks a due monitor, stores the result with its region, marks it up and schedules its next slot', async () => {
    const id = await createMonitor();
    await pump(job(), async () => (await monitorRow(id)).status === 'up');
    const [result] = await results();
    expect(result).toMatchObject({
      monitor_id: id,
      status: 'up',
      status_code: 200,
      region: 'eu-test',
      confirmation: 0,
    });
    const row = await monitorRow(id);
    expect(row).toMatchObject({ streak: 1, claimed_by: null, claimed_until: null, last_checked_at: START });
    expect(row.next_run_at).toBeGreaterThan(START);
    expect(row.next_run_at - START).toBeLessThanOrEqual(60_000);
    expect(events.map((event) => event.type)).toEqual(['check.result', 'monitor.up']);
    const hourly = await t.database.db.selectFrom('rollups_hourly').selectAll().execute();
    expect(hourly).toMatchObject([{ monitor_id: id, checks: 1, up_checks: 1 }]);
  });

  it('re-checks a failure 15 s later and only then turns the monitor down', async () => {
    respond = (res) => {
      res.statusCode = 503;
      res.end('maintenance');
    };
    const id = await createMonitor();
    const worker = job();
    await pump(worker, async () => (await results()).length === 1);
    let row = await monitorRow(id);
    expect(row).toMatchObject({ status: 'pending', confirming_since: START, next_run_at: START + 15_000 });
    expect(events.filter((event) => event.type === 'monitor.down')).toEqual([]);

    clock.advance(14_999);
    await worker.run(signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.run(signal);
    expect(await results()).toHaveLength(1);

    clock.advance(1);
    await pump(worker, async () => (await results()).length === 2);
    row = await monitorRow(id);
    expect(row).toMatchObject({
      status: 'down',
      streak: 1,
      last_status_change_at: START,
      confirming_since: null,
    });
    const [first, second] = await results();
    expect(first).toMatchObject({ failure_code: 'status_mismatch', confirmation: 0 });
    expect(second).toMatchObject({ failure_message: 'Expected status 200-399, got 503.', confirmation: 1 });
    expect(events.filter((event) => event.type === 'monitor.down')).toMatchObject([
      { monitorId: id, userId: user.id, from: 'pending', to: 'down', at: START },
    ]);
  });

  it('runs a monitor that missed many slots once, then waits for its next slot', async () => {
    const id = await createMonitor();
    await t.database.db
      .updateTable('monitors')
      .set({ next_run_at: START - 3_600_000 })
      .where('id', '=', id)
      .execute();
    const worker = job();
    await pump(worker, async () => (await monitorRow(id)).status === 'up');
    for (let i = 0; i < 3; i++) await worker.run(signal);
    expect(await results()).toHaveLength(1);
    expect((await monitorRow(id)).next_run_at).toBeGreaterThan(START);
  });

  it('runs at most its concurrency at once', async () => {
    const held: ServerResponse[] = [];
    respond = (res) => held.push(res);
    for (let i = 0; i < 5; i++) await createMonitor(`M${i}`);
    const worker = job({ concurrency: 2 });
    await worker.run(signal);
    const claimed = await t.database.db
      .selectFrom('monitors')
      .select('id')
      .where('claimed_by', '=', 'worker-a')
      .execute();
    expect(claimed).toHaveLength(2);
    for (let i = 0; i < 50 && held.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held).toHaveLength(2);
    for (const res of held) res.end('ok');
  });
});

describe('stopping', () => {
  it('lets checks in flight finish and stores them', async () => {
    respond = (res) => setTimeout(() => res.end('slow'), 300);
    const id = await createMonitor();
    const worker = job();
    await worker.run(signal);
    await worker.drain?.();
    expect(await results()).toMatchObject([{ monitor_id: id, status: 'up' }]);
    expect((await monitorRow(id)).claimed_by).toBeNull();
  });

  it('gives back the claims of checks that outlast the drain timeout, storing no false result', async () => {
    respond = () => undefined;
    const id = await createMonitor();
    const worker = job({ drainTimeoutMs: 10_000 });
    await worker.run(signal);
    const draining = worker.drain?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock.advance(10_000);
    await draining;
    expect(await results()).toEqual([]);
    expect(await monitorRow(id)).toMatchObject({ claimed_by: null, claimed_until: null, status: 'pending' });
  });
});
