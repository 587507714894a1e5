import type { ServerResponse } from 'node:http';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WorkerJob } from '../platform/jobs/worker.ts';
import { pump } from '../test/check-job-harness.ts';
import { SLOT_HOLD_MS } from './admission.ts';
import {
  clock,
  createMonitor,
  events,
  freshCheckJobEachTest,
  job,
  monitorRow,
  respondWith,
  results,
  START,
  signal,
  t,
  user,
} from './test/check-job-fixture.ts';

freshCheckJobEachTest();

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
    respondWith((res) => {
      res.statusCode = 503;
      res.end('maintenance');
    });
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
      { monitorId: id, workspaceId: user.id, from: 'pending', to: 'down', at: START },
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
    respondWith((res) => held.push(res));
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
/** Fails each insert of results while `failing` says so, as a locked or absent database does. */
function failingResultInserts(failing: () => boolean): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'check_results' && failing()) {
        throw new Error('database is locked');
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

function failingFirstResultInsert(): KyselyPlugin {
  let failed = false;
  return failingResultInserts(() => {
    const first = !failed;
    failed = true;
    return first;
  });
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

  it('does not run a check again when its lease runs out while its result waits for the store', async () => {
    let arrivals = 0;
    respondWith((res) => {
      arrivals += 1;
      res.end('ok');
    });
    const id = await createMonitor();
    let storeWorks = false;
    const worker = job({
      lookAheadMs: 0,
      db: t.database.db.withPlugin(failingResultInserts(() => !storeWorks)),
    });
    const rounds: WorkerJob = { ...worker, run: (s) => worker.run(s).catch(() => false) };
    await pump(rounds, async () => worker.results().waiting === 1);
    const leased = await monitorRow(id);
    // Past the lease: the next claim takes the monitor again, as another process's claim would.
    clock.advance((leased.claimed_until ?? 0) + 1_000 - clock.now());
    for (let round = 0; round < 5; round++) await rounds.run(signal);
    expect((await monitorRow(id)).claimed_until).toBeGreaterThan(clock.now());
    // A check started again would be in flight now: let it reach the target.
    for (let i = 0; i < 100 && worker.depth().inFlight + worker.depth().queued > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(worker.depth()).toEqual({ inFlight: 0, armed: 0, queued: 0 });
    expect(arrivals).toBe(1);

    storeWorks = true;
    clock.advance(1_000);
    await pump(rounds, async () => (await monitorRow(id)).status === 'up');
    expect(arrivals).toBe(1);
    expect(await results()).toMatchObject([{ monitor_id: id, status: 'up', checked_at: START }]);
  });
});

describe('a monitor deleted while its check runs', () => {
  it('loses only its own result: the rest of the batch is stored', async () => {
    const held: ServerResponse[] = [];
    respondWith((res) => held.push(res));
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
    respondWith((res) => setTimeout(() => res.end('slow'), 300));
    const id = await createMonitor();
    const worker = job();
    await worker.run(signal);
    await worker.drain?.();
    expect(await results()).toMatchObject([{ monitor_id: id, status: 'up' }]);
    expect((await monitorRow(id)).claimed_by).toBeNull();
  });

  it('gives back the claims of checks that outlast the drain timeout, storing no false result', async () => {
    respondWith(() => undefined);
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
