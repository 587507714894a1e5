import type { ServerResponse } from 'node:http';
import { InsertQueryNode, type Kysely, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { type Clock, ManualClock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { type AppEvent, createLocalEventBus } from '../platform/events/bus.ts';
import { nextSlotAfter } from '../platform/jobs/slots.ts';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { pump } from '../test/check-job-harness.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { storedResults } from '../test/result-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type AdmissionLimits, SLOT_HOLD_MS } from './admission.ts';
import { createCheckJob } from './check-job.ts';
import { START_TICK_MS } from './start-ticks.ts';

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

function job(
  options: {
    db?: Kysely<Database>;
    concurrency?: number;
    limits?: Partial<AdmissionLimits>;
    drainTimeoutMs?: number;
    lookAheadMs?: number;
    observer?: { started(dueAt: number, startedAt: number): void };
  } = {},
): WorkerJob {
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
const results = () => storedResults(t.database.db);
const monitorRow = (id: string) =>
  t.database.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the check job', () => {
  it('checks a due monitor, stores the result with its region, marks it up and schedules its next slot', async () => {
    const id = await createMonitor();
    // No look-ahead: a next slot (a random phase) within it would be claimed again at once, and
    // the claim is to be seen released.
    await pump(job({ lookAheadMs: 0 }), async () => (await monitorRow(id)).status === 'up');
    const [result] = await results();
    expect(result).toMatchObject({
      monitor_id: id,
      status: 'up',
      status_code: 200,
      region: 'eu-test',
      confirmation: false,
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
    expect(first).toMatchObject({ failure_code: 'status_mismatch', confirmation: false });
    expect(second).toMatchObject({
      failure_message: 'Expected status 200-399, got 503.',
      confirmation: true,
    });
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

  it('starts at most its concurrency at once, a check waiting on its target gives its slot back, and no more run than its in-flight bound', async () => {
    const held: ServerResponse[] = [];
    respond = (res) => held.push(res);
    for (let i = 0; i < 5; i++) await createMonitor(`M${i}`);
    // One workspace and one host: their shares of in flight are the whole of it here.
    const worker = job({ concurrency: 2, limits: { inFlight: 4, perWorkspace: 4, perHost: 4 } });
    await worker.run(signal);
    const claimed = await t.database.db
      .selectFrom('monitors')
      .select('id')
      .where('claimed_by', '=', 'worker-a')
      .execute();
    expect(claimed).toHaveLength(4);
    const heldReaches = async (n: number) => {
      for (let i = 0; i < 100 && held.length < n; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await heldReaches(2);
    expect(held).toHaveLength(2);
    // Still running a slot's hold later: waiting on the network, so the next two start.
    clock.advance(SLOT_HOLD_MS);
    await heldReaches(4);
    expect(held).toHaveLength(4);
    clock.advance(SLOT_HOLD_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toHaveLength(4);
    for (const res of held) res.end('ok');
  });
});

/** Fails the first insert of check results, as a database busy past its timeout would. */
function failingFirstResultInsert(): KyselyPlugin {
  let failed = false;
  return {
    transformQuery({ node }) {
      if (!failed && InsertQueryNode.is(node) && node.into?.table.identifier.name === 'check_results') {
        failed = true;
        throw new Error('database is locked');
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

describe('storing results', () => {
  it('keeps a batch whose store failed and stores it with the next', async () => {
    const id = await createMonitor();
    const worker = job({ lookAheadMs: 0, db: t.database.db.withPlugin(failingFirstResultInsert()) });
    const failures: unknown[] = [];
    // SQLite stores inside the round and the round rejects; PostgreSQL stores beside it and logs.
    const rounds: WorkerJob = {
      ...worker,
      run: (s) => worker.run(s).catch((err: unknown) => failures.push(err) > 0),
    };
    await pump(rounds, async () => {
      // The next store is due one flush interval after the failed one. Time stops well before the
      // monitor's next run: on a busy machine the rounds ran on past it and it was claimed again.
      if (clock.now() < START + 5_000) clock.advance(100);
      return (await monitorRow(id)).status === 'up';
    });
    expect(await results()).toMatchObject([{ monitor_id: id, status: 'up', checked_at: START }]);
    expect(await monitorRow(id)).toMatchObject({ claimed_by: null, last_checked_at: START });
    expect(failures).toHaveLength(t.database.dialect === 'sqlite' ? 1 : 0);
  });
});

describe('a monitor deleted while its check runs', () => {
  it('loses only its own result: the rest of the batch is stored', async () => {
    const held: ServerResponse[] = [];
    respond = (res) => held.push(res);
    const kept = await createMonitor('Kept');
    const deleted = await createMonitor('Deleted');
    const worker = job({ lookAheadMs: 0 });
    await worker.run(signal);
    for (let i = 0; i < 100 && held.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held).toHaveLength(2);
    const response = await t.request(`/api/v1/monitors/${deleted}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie },
    });
    expect(response.status).toBe(204);
    for (const res of held) res.end('ok');
    await pump(worker, async () => (await monitorRow(kept)).status === 'up');
    expect((await results()).map((result) => result.monitor_id)).toEqual([kept]);
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

describe('starting checks on time', () => {
  const setDue = (id: string, at: number) =>
    t.database.db.updateTable('monitors').set({ next_run_at: at }).where('id', '=', id).execute();

  it('claims a monitor due within the look-ahead and starts it exactly at its due time, not at the poll', async () => {
    const id = await createMonitor();
    await setDue(id, START + 800);
    const starts: [number, number][] = [];
    const worker = job({ observer: { started: (dueAt, startedAt) => starts.push([dueAt, startedAt]) } });
    await worker.run(signal);
    expect((await monitorRow(id)).claimed_by).toBe('worker-a');
    expect(starts).toEqual([]);
    clock.advance(799);
    expect(starts).toEqual([]);
    clock.advance(1);
    expect(starts).toEqual([[START + 800, START + 800]]);
    await pump(worker, async () => (await results()).length === 1);
    expect((await results())[0]).toMatchObject({ monitor_id: id, checked_at: START + 800 });
  });

  it('schedules the next slot, not the same one, when the timer fires a millisecond early', async () => {
    const id = await createMonitor();
    const due = nextSlotAfter(id, 60_000, START + 500);
    await setDue(id, due);
    // Node's timers can fire when Date.now() still reads a millisecond before the due time.
    const early: Clock = { now: () => clock.now(), setTimeout: (fn, ms) => clock.setTimeout(fn, ms - 1) };
    const worker = createCheckJob({
      db: t.database.db,
      dialect: t.database.dialect,
      clock: early,
      guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
      events: createLocalEventBus(),
      logger: createLogger('silent'),
      region: 'eu-test',
      workerId: 'worker-a',
      lookAheadMs: 60_000,
      // Its own due time, not a tick's end: the timer fires a millisecond before the due time.
      startTickMs: 1,
    });
    await worker.run(signal);
    clock.advance(due - START - 1);
    await pump(worker, async () => (await results()).length === 1);
    expect((await results())[0]?.checked_at).toBe(due - 1);
    expect((await monitorRow(id)).next_run_at).toBe(due + 60_000);
  });

  it('claims all that falls due within the look-ahead in one poll, beyond its concurrency, yet starts no more at once than it has slots', async () => {
    const held: ServerResponse[] = [];
    respond = (res) => held.push(res);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await createMonitor(`Soon ${i}`);
      await setDue(id, START + 10 * (i + 1));
      ids.push(id);
    }
    const starts: number[] = [];
    const worker = job({ concurrency: 2, observer: { started: (_due, at) => starts.push(at) } });
    await worker.run(signal);
    const claimed = await t.database.db
      .selectFrom('monitors')
      .select('id')
      .where('claimed_by', '=', 'worker-a')
      .execute();
    expect(claimed).toHaveLength(5);
    // Each starts at the end of its due time's tick: past the last one's.
    const tickEnd = (at: number) => Math.ceil(at / START_TICK_MS) * START_TICK_MS;
    clock.advance(tickEnd(START + 50) + 2 * SLOT_HOLD_MS - START);
    // Four due in the first tick: two start at its end, the other two once those have held their
    // slots (waiting on the target now), and the fifth at the end of its own tick.
    const tick = tickEnd(START + 10);
    expect(starts).toEqual([tick, tick, tick + SLOT_HOLD_MS, tick + SLOT_HOLD_MS, tickEnd(START + 50)]);
    for (let i = 0; i < 50 && held.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const res of held.splice(0)) res.end('ok');
  });

  it('leaves a monitor due beyond the look-ahead to a later poll', async () => {
    const id = await createMonitor();
    await setDue(id, START + 60_000);
    await job().run(signal);
    expect(await monitorRow(id)).toMatchObject({ claimed_by: null, claimed_until: null });
  });

  it('gives back at once the claims of checks still waiting for their time when the worker stops', async () => {
    const id = await createMonitor();
    await setDue(id, START + 1000);
    const worker = job();
    await worker.run(signal);
    expect((await monitorRow(id)).claimed_by).toBe('worker-a');
    await worker.drain?.();
    expect(await monitorRow(id)).toMatchObject({
      claimed_by: null,
      claimed_until: null,
      next_run_at: START + 1000,
    });
    clock.advance(5000);
    expect(await results()).toEqual([]);
  });
});
