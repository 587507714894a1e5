// Issue 40, item 2: targets that accept TCP and never answer must not starve other monitors, one
// workspace's hanging monitors must not delay another's, and an overdue check must not start
// ahead of another tenant's on time. Real checks against listeners on 127.0.0.1; the fake clock
// holds the hanging ones for their whole timeout.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PLANS } from '../../core/plans.ts';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { ManualClock } from '../platform/clock.ts';
import type { MonitorTable } from '../platform/db/schema.ts';
import { nextSlotAfter } from '../platform/jobs/slots.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import { testCheckJob } from '../test/check-job-harness.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { storedResults } from '../test/result-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { AdmissionLimits } from './admission.ts';
import { START_TICK_MS } from './start-ticks.ts';

const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;
let healthy: Target;
let blackhole: { server: Server; sockets: Set<Socket>; url: string };

beforeEach(async () => {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, allowPrivateTargets: true });
  healthy = await startTarget((_req, res) => res.end('ok'));
  // Accepts every connection and never answers, as a hung server does.
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  blackhole = { server, sockets, url: `http://127.0.0.1:${typeof address === 'object' && address?.port}/` };
});
afterEach(async () => {
  for (const socket of blackhole.sockets) socket.destroy();
  await new Promise((resolve) => blackhole.server.close(resolve));
  await healthy.close();
  await t.close();
});

function job(
  concurrency?: number,
  observer?: { started(dueAt: number, startedAt: number): void },
  limits?: Partial<AdmissionLimits>,
) {
  return testCheckJob(t, clock, 'local', { concurrency, observer, limits });
}

const signal = new AbortController().signal;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves the fake clock to `until` a start tick at a time, running the job's rounds and letting
 * real sockets answer. A tick at a time: a check reads the clock a microtask after its timer
 * fired, so one advance across two ticks would date the first tick's checks at the second.
 */
async function drive(worker: WorkerJob, until: number): Promise<void> {
  while (clock.now() < until) {
    await worker.run(signal);
    await sleep(5);
    clock.advance(Math.min(START_TICK_MS, until - clock.now()));
  }
  await worker.run(signal);
}

/** Ends the hanging checks (their sockets reset) so the job drains at once. */
async function stop(worker: WorkerJob): Promise<void> {
  for (const socket of blackhole.sockets) socket.destroy();
  await worker.drain?.();
}

async function resultsOf(rows: readonly MonitorTable[]) {
  const ids = new Set(rows.map((row) => row.id));
  return (await storedResults(t.database.db)).filter((result) => ids.has(result.monitor_id));
}

function hanging(owner: string, count: number, dueAt: number, timeoutMs: number): MonitorTable[] {
  return Array.from({ length: count }, () =>
    monitorRow(owner, blackhole.url, START, {
      interval_seconds: 60,
      timeout_ms: timeoutMs,
      next_run_at: dueAt,
    }),
  );
}

it('checks every healthy monitor on time while hundreds of monitors wait on a target that never answers', async () => {
  const owner = await insertOwner(t.database.db, t.database.dialect);
  // A backlog of hanging checks, overdue, and healthy monitors due over the next second.
  const holes = hanging(owner, 200, START - 5_000, 30_000);
  const fine = Array.from({ length: 20 }, (_, i) =>
    monitorRow(owner, `${healthy.origin}/m/${i}`, START, {
      interval_seconds: 60,
      next_run_at: START + 50 * i,
    }),
  );
  await insertMonitors(t.database.db, [...holes, ...fine]);
  const worker = job();
  await drive(worker, START + 2_000);
  const results = await resultsOf(fine);
  expect(results).toHaveLength(fine.length);
  for (const row of fine) {
    const result = results.find((r) => r.monitor_id === row.id);
    expect(result?.status).toBe('up');
    expect((result?.checked_at ?? Number.POSITIVE_INFINITY) - row.next_run_at).toBeLessThanOrEqual(
      START_TICK_MS,
    );
  }
  // The hanging ones are all in flight meanwhile, not queued for minutes behind one another.
  expect(blackhole.sockets.size).toBe(holes.length);
  await stop(worker);
});

it("keeps another workspace's 5 s checks on their ticks while one workspace has its plan's limit of hanging monitors", async () => {
  const hog = await insertOwner(t.database.db, t.database.dialect);
  const other = await insertOwner(t.database.db, t.database.dialect);
  const holes = hanging(hog, PLANS.pro.limits.monitorsMax as number, START - 30_000, 60_000);
  const fine = Array.from({ length: 10 }, (_, i) => {
    const row = monitorRow(other, `${healthy.origin}/m/${i}`, START, { interval_seconds: 5 });
    row.next_run_at = nextSlotAfter(row.id, 5_000, START);
    return row;
  });
  await insertMonitors(t.database.db, [...holes, ...fine]);
  const worker = job();
  await drive(worker, START + 11_000);
  const results = await resultsOf(fine);
  for (const row of fine) {
    const own = results.filter((r) => r.monitor_id === row.id);
    expect(own.length).toBeGreaterThanOrEqual(2);
    // Each started within its slot's tick: the same phase of every 5 s interval.
    for (const result of own)
      expect((((result.checked_at - row.next_run_at) % 5_000) + 5_000) % 5_000).toBeLessThanOrEqual(
        START_TICK_MS,
      );
  }
  await stop(worker);
});

it("starts another tenant's checks that are on time before one tenant's overdue checks", async () => {
  const late = await insertOwner(t.database.db, t.database.dialect);
  const punctual = await insertOwner(t.database.db, t.database.dialect);
  const row = (owner: string, i: number, dueAt: number) =>
    monitorRow(owner, `${healthy.origin}/m/${owner}-${i}`, START, {
      interval_seconds: 60,
      next_run_at: dueAt,
    });
  const overdue = Array.from({ length: 5 }, (_, i) => row(late, i, START - 600_000 + i));
  const onTime = Array.from({ length: 5 }, (_, i) => row(punctual, i, START));
  await insertMonitors(t.database.db, [...overdue, ...onTime]);
  const started: number[] = [];
  // One slot: the checks start one after another, in the order the job chose.
  const worker = job(1, { started: (dueAt) => started.push(dueAt) });
  for (let round = 0; round < 100 && started.length < 10; round++) {
    await worker.run(signal);
    await sleep(10);
  }
  expect(started).toHaveLength(10);
  expect(started.slice(0, 5)).toEqual([START, START, START, START, START]);
  expect(started.slice(5).every((dueAt) => dueAt < START - 500_000)).toBe(true);
  await stop(worker);
});

it('gives back, unstarted, the claim of a check queued until its lease would end while it ran', async () => {
  const owner = await insertOwner(t.database.db, t.database.dialect);
  // Due within the look-ahead: all three are claimed and armed, and queue at their tick.
  const dueAt = START + 500;
  const holes = hanging(owner, 3, dueAt, 30_000);
  await insertMonitors(t.database.db, holes);
  // Room for two in flight: the third waits behind two checks that hang for their 30 s timeout.
  const worker = job(undefined, undefined, { inFlight: 2, perWorkspace: 2, perHost: 2 });
  await drive(worker, START + 1_000);
  const claims = () =>
    t.database.db
      .selectFrom('monitors')
      .select(['id', 'claimed_until'])
      .where('claimed_by', '=', 'worker-a')
      .execute();
  expect(await claims()).toHaveLength(3);
  expect(blackhole.sockets.size).toBe(2);
  // Its lease ends 45 s after it was due (timeout + margin); started 10 s after its due time, it
  // could still run then, when another claim would take the monitor and run it a second time.
  await drive(worker, dueAt + 11_000);
  // Given back for any worker with room to claim, still due: it was never started.
  expect(await claims()).toHaveLength(2);
  const free = await t.database.db
    .selectFrom('monitors')
    .select(['claimed_by', 'next_run_at'])
    .where('claimed_by', 'is', null)
    .execute();
  expect(free).toEqual([{ claimed_by: null, next_run_at: dueAt }]);
  expect(blackhole.sockets.size).toBe(2);
  await stop(worker);
});
