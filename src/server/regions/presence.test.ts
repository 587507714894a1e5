// Workers' presence on the fake clock, on both databases: heartbeats with the last minute's
// figures, a quiet worker's claims released after three missed heartbeats, and regions online
// until none of their workers was seen for two minutes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/clock.ts';
import { createLogger } from '../platform/logger.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { HEARTBEAT_MS, presenceJob } from './presence-job.ts';
import { RegionView } from './region-view.ts';
import { regionsOf } from './routes.ts';
import { WorkerStats } from './worker-stats.ts';

const START = Date.UTC(2026, 10, 26, 12);
const signal = new AbortController().signal;
let t: TestDatabase;
let clock: ManualClock;

beforeEach(async () => {
  t = await createTestDatabase();
  clock = new ManualClock(START);
});
afterEach(async () => {
  await t.destroy();
});

function worker(id: string, region: string, stats = new WorkerStats(), view?: RegionView) {
  return presenceJob({ db: t.db, clock, logger: createLogger('silent'), workerId: id, region, stats, view });
}

async function regions() {
  return regionsOf(await t.db.selectFrom('workers').selectAll().execute(), clock.now());
}

/** Monitors due a minute ago, claimed by `workerId`. */
async function claimedBy(workerId: string, count: number): Promise<string[]> {
  const owner = await insertOwner(t.db, t.dialect);
  const rows = Array.from({ length: count }, () =>
    monitorRow(owner, 'https://shop.example.com/', START, {
      next_run_at: START - 60_000,
      claimed_by: workerId,
      claimed_until: START + 45_000,
    }),
  );
  await insertMonitors(t.db, rows);
  return rows.map((row) => row.id);
}

const claimsOf = async (workerId: string) =>
  (await t.db.selectFrom('monitors').select('id').where('claimed_by', '=', workerId).execute()).length;

describe("workers' presence", () => {
  it('reports each worker with its checks in the last minute and their lag, by region', async () => {
    const stats = new WorkerStats();
    for (let i = 0; i < 30; i++) stats.started(START - 1000, START - 1000 + (i === 29 ? 900 : 5));
    // Started more than a minute ago: left out.
    stats.started(START - 70_000, START - 69_000);
    await worker('eu-1', 'eu-west', stats).run(signal);
    await worker('us-1', 'us-east').run(signal);

    const [eu, us] = await regions();
    expect(eu).toMatchObject({ name: 'eu-west', online: true, checksPerMinute: 30, lastSeenAt: START });
    expect(eu?.workers).toEqual([
      expect.objectContaining({ id: 'eu-1', checksPerMinute: 30, stoppedAt: null, pid: process.pid }),
    ]);
    expect(eu?.workers[0]?.lagP99Ms).toBeGreaterThanOrEqual(750);
    expect(us).toMatchObject({ name: 'us-east', online: true, checksPerMinute: 0 });
    expect(us?.workers[0]?.lagP99Ms).toBeNull();
  });

  it("releases a worker's claims once it missed three heartbeats, and only its", async () => {
    const live = worker('live', 'a');
    const doomed = worker('doomed', 'a');
    await live.run(signal);
    await doomed.run(signal);
    const held = await claimedBy('doomed', 5);
    await claimedBy('live', 2);

    // Two heartbeats missed: still its own.
    clock.advance(2 * HEARTBEAT_MS);
    await live.run(signal);
    expect(await claimsOf('doomed')).toBe(held.length);

    clock.advance(HEARTBEAT_MS + 1);
    await live.run(signal);
    expect(await claimsOf('doomed')).toBe(0);
    expect(await claimsOf('live')).toBe(2);
    const stopped = await t.db
      .selectFrom('workers')
      .select('stopped_at')
      .where('id', '=', 'doomed')
      .executeTakeFirstOrThrow();
    expect(stopped.stopped_at).toBe(clock.now());
  });

  it('keeps a region online until none of its workers was seen for two minutes, then back when one returns', async () => {
    const live = worker('live', 'a');
    const c = worker('c-1', 'c');
    await live.run(signal);
    await c.run(signal);
    for (let beat = 0; beat < 24; beat++) {
      clock.advance(HEARTBEAT_MS);
      await live.run(signal);
    }
    expect((await regions()).map((region) => [region.name, region.online])).toEqual([
      ['a', true],
      ['c', true],
    ]);
    clock.advance(HEARTBEAT_MS);
    await live.run(signal);
    expect((await regions()).map((region) => [region.name, region.online])).toEqual([
      ['a', true],
      ['c', false],
    ]);

    // The region's worker restarts under a new id and rejoins.
    await worker('c-2', 'c').run(signal);
    const [, back] = await regions();
    expect(back).toMatchObject({ name: 'c', online: true });
    expect(back?.workers.map((w) => [w.id, w.stoppedAt === null])).toEqual([
      ['c-2', true],
      ['c-1', false],
    ]);
  });

  it('gives every monitor left to the default a run in each live region once a second region comes online', async () => {
    const owner = await insertOwner(t.db, t.dialect);
    // One insert of rows with different columns: each names every column the others do.
    const everywhere = monitorRow(owner, 'https://shop.example.com/', START, { regions: null, regional: 0 });
    const pinned = monitorRow(owner, 'https://api.example.com/', START, {
      regions: JSON.stringify(['eu']),
      regional: 1,
    });
    const heartbeat = monitorRow(owner, 'heartbeat://nightly', START, {
      kind: 'heartbeat',
      regions: null,
      regional: 0,
    });
    await insertMonitors(t.db, [everywhere, pinned, heartbeat]);
    const runs = async () =>
      (await t.db.selectFrom('monitor_regions').select(['monitor_id', 'region']).execute())
        .map((row) => `${row.monitor_id === everywhere.id ? 'everywhere' : 'other'} ${row.region}`)
        .sort();

    await worker('local-1', 'local').run(signal);
    expect(await runs()).toEqual([]);
    await worker('eu-1', 'eu').run(signal);
    expect(await runs()).toEqual(['everywhere eu', 'everywhere local']);
    const flags = await t.db.selectFrom('monitors').select(['id', 'regional']).execute();
    expect(Object.fromEntries(flags.map((row) => [row.id, row.regional]))).toEqual({
      [everywhere.id]: 1,
      [pinned.id]: 1,
      [heartbeat.id]: 0,
    });
  });

  it('tells its check job whether its region has runs, held or free, at each heartbeat', async () => {
    const view = new RegionView();
    expect(view.runsHere).toBe(true);
    const local = worker('local-1', 'local', new WorkerStats(), view);
    await local.run(signal);
    expect(view.runsHere).toBe(false);

    const owner = await insertOwner(t.db, t.dialect);
    await insertMonitors(t.db, [
      monitorRow(owner, 'https://shop.example.com/', START, { regions: null, regional: 0 }),
    ]);
    await worker('eu-1', 'eu').run(signal);
    clock.advance(HEARTBEAT_MS);
    await local.run(signal);
    expect(view.runsHere).toBe(true);

    // Its one run claimed: still a region with runs.
    await t.db
      .updateTable('monitor_regions')
      .set({ claimed_by: 'local-1', claimed_until: START + 60_000 })
      .where('region', '=', 'local')
      .execute();
    clock.advance(HEARTBEAT_MS);
    await local.run(signal);
    expect(view.runsHere).toBe(true);
  });

  it('marks itself stopped when its worker stops cleanly', async () => {
    const job = worker('leaving', 'a');
    await job.run(signal);
    await job.drain?.();
    const [region] = await regions();
    expect(region?.workers[0]?.stoppedAt).toBe(START);
  });
});
