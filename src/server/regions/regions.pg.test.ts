// Needs PostgreSQL: three real `upwatch worker` processes in regions a, b and c, each leaving from
// its own loopback address, against a target that fails by the address asking. Runs in
// `npm run test:pg`; the quorum's timing on a fake clock is in quorum.test.ts.

import { uuidv7 } from 'uuidv7';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import type { MonitorTable } from '../platform/db/schema.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createPostgresSchema, type PostgresSchema } from '../test/pg-schema.ts';
import { countResults, storedResults } from '../test/result-rows.ts';
import { spawnLongRunning, type UpwatchChild } from '../test/upwatch-process.ts';
import { waitFor } from '../test/wait-for.ts';

const ADDRESS = { a: '127.0.0.2', b: '127.0.0.3', c: '127.0.0.4' } as const;
type RegionName = keyof typeof ADDRESS;
const REGIONS = Object.keys(ADDRESS) as RegionName[];

let schema: PostgresSchema;
let target: Target;
/** Requests per path and source address. */
let hits: Map<string, number>;
let failing: Set<string>;
const workers = new Map<RegionName, UpwatchChild>();

beforeEach(async () => {
  schema = await createPostgresSchema('regions');
  hits = new Map();
  failing = new Set();
  target = await startTarget((req, res) => {
    const from = req.socket.remoteAddress ?? '';
    const key = `${req.url} ${from}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    res.statusCode = failing.has(from) ? 503 : 200;
    res.end(res.statusCode === 200 ? 'ok' : 'down');
  });
});
afterEach(async () => {
  for (const worker of workers.values()) await worker.stop('SIGKILL');
  workers.clear();
  await target.close();
  await schema.drop();
});

function startWorker(region: RegionName): UpwatchChild {
  const worker = spawnLongRunning(['worker', '--region', region, '--source-address', ADDRESS[region]], {
    DATABASE_URL: schema.url,
    DATA_DIR: '/tmp/upwatch-regions-test',
    UPWATCH_TEST_MODE: 'true',
    ALLOW_PRIVATE_TARGETS: 'true',
    CONFIRMATION_DELAY_SECONDS: '1',
    LOG_LEVEL: 'warn',
  });
  workers.set(region, worker);
  return worker;
}

/** Monitors checked from a, b and c, first due now. */
async function seed(count: number, overrides: Partial<MonitorTable> = {}): Promise<MonitorTable[]> {
  const { db, dialect } = schema.handle;
  const owner = await insertOwner(db, dialect);
  const now = Date.now();
  const rows = Array.from({ length: count }, () =>
    monitorRow(owner, '', now, { regions: JSON.stringify(REGIONS), regional: 1, ...overrides }),
  );
  for (const row of rows) row.url = `${target.origin}/m/${row.id}`;
  await insertMonitors(db, rows);
  for (let start = 0; start < rows.length; start += 300) {
    await db
      .insertInto('monitor_regions')
      .values(
        rows.slice(start, start + 300).flatMap((row) =>
          REGIONS.map((region) => ({
            monitor_id: row.id,
            region,
            next_run_at: now,
            status: 'pending' as const,
          })),
        ),
      )
      .execute();
  }
  return rows;
}

const monitorState = (id: string) =>
  schema.handle.db
    .selectFrom('monitors')
    .select(['status', 'failing_regions'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const incidents = () => schema.handle.db.selectFrom('incidents').selectAll().execute();
const regionStatus = async (id: string) =>
  Object.fromEntries(
    (
      await schema.handle.db
        .selectFrom('monitor_regions')
        .select(['region', 'status'])
        .where('monitor_id', '=', id)
        .execute()
    ).map((row) => [row.region, row.status]),
  );

it('over 10,002 region-rounds every (monitor, region) is checked exactly once, by its own region', {
  timeout: 240_000,
}, async () => {
  // An interval of ten years: each monitor's next slot never falls inside the test.
  const rows = await seed(3334, { interval_seconds: 10 * 365 * 86_400 });
  for (const region of REGIONS) startWorker(region);
  await waitFor(async () => (await countResults(schema.handle.db)) >= rows.length * 3, 200_000);
  // A moment for any double run to land.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const stored = await storedResults(schema.handle.db);
  expect(stored).toHaveLength(rows.length * 3);
  expect(stored.every((result) => result.status === 'up')).toBe(true);
  const seen = new Set(stored.map((result) => `${result.monitor_id} ${result.region}`));
  expect(seen.size).toBe(rows.length * 3);
  expect(hits.size).toBe(rows.length * 3);
  expect([...hits.values()].every((n) => n === 1)).toBe(true);
  // Each region's checks left from its own address.
  for (const row of rows)
    for (const region of REGIONS) expect(hits.get(`/m/${row.id} ${ADDRESS[region]}`)).toBe(1);
});

it('one region failing is shown and alerts nobody; two open one incident and one alert per channel naming both; recovery sends one Recovered each', {
  timeout: 180_000,
}, async () => {
  const { db } = schema.handle;
  const [monitor] = await seed(1, { interval_seconds: 2 });
  const id = (monitor as MonitorTable).id;
  const channels = ['Ops webhook', 'Team webhook'].map((name, index) => ({
    id: uuidv7(),
    workspace_id: (monitor as MonitorTable).workspace_id,
    kind: 'webhook' as const,
    name,
    config: JSON.stringify({ url: `${target.origin}/hook` }),
    created_at: Date.now() + index,
  }));
  await db.insertInto('alert_channels').values(channels).execute();
  await db
    .insertInto('monitor_alert_channels')
    .values(channels.map((channel) => ({ monitor_id: id, channel_id: channel.id })))
    .execute();
  for (const region of REGIONS) startWorker(region);
  await waitFor(async () => (await monitorState(id)).status === 'up', 30_000);

  failing = new Set([ADDRESS.a]);
  await waitFor(async () => (await monitorState(id)).failing_regions === 'a', 30_000);
  // Several more rounds: a alone never takes the monitor down.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  expect(await monitorState(id)).toEqual({ status: 'up', failing_regions: 'a' });
  expect(await incidents()).toEqual([]);

  failing = new Set([ADDRESS.a, ADDRESS.b]);
  await waitFor(async () => (await monitorState(id)).status === 'down', 30_000);
  await new Promise((resolve) => setTimeout(resolve, 6000));
  expect(await monitorState(id)).toEqual({ status: 'down', failing_regions: 'a,b' });
  const [incident, ...more] = await incidents();
  expect(more).toEqual([]);
  const deliveries = () =>
    db
      .selectFrom('alert_deliveries')
      .select(['channel_id', 'kind', 'payload'])
      .where('monitor_id', '=', id)
      .execute();
  const down = await deliveries();
  expect(down.map((row) => row.channel_id).sort()).toEqual(channels.map((channel) => channel.id).sort());
  for (const row of down) expect(row.payload).toContain('Failing from a, b');

  failing = new Set();
  await waitFor(async () => (await monitorState(id)).status === 'up', 30_000);
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const all = await deliveries();
  const recovered = all.filter((row) => !down.some((first) => first.kind === row.kind));
  expect(recovered.map((row) => row.channel_id).sort()).toEqual(channels.map((channel) => channel.id).sort());
  expect(all).toHaveLength(4);
  const [resolved] = await incidents();
  expect(resolved).toMatchObject({ id: incident?.id, status: 'resolved' });
});

it("region c's only worker killed with -9 raises no alarm; when it restarts, c checks again", {
  timeout: 120_000,
}, async () => {
  const [monitor] = await seed(1, { interval_seconds: 2 });
  const id = (monitor as MonitorTable).id;
  for (const region of REGIONS) startWorker(region);
  await waitFor(async () => Object.values(await regionStatus(id)).every((status) => status === 'up'), 30_000);

  await workers.get('c')?.stop('SIGKILL');
  workers.delete('c');
  const lastC = async () =>
    Number(
      (
        await schema.handle.db
          .selectFrom('monitor_regions')
          .select('last_checked_at')
          .where('monitor_id', '=', id)
          .where('region', '=', 'c')
          .executeTakeFirstOrThrow()
      ).last_checked_at,
    );
  const beforeRestart = await lastC();
  // Past three missed heartbeats: a or b finds c's worker dead and releases what it held.
  await waitFor(
    async () =>
      (
        await schema.handle.db
          .selectFrom('workers')
          .select('id')
          .where('stopped_at', 'is not', null)
          .execute()
      ).length === 1,
    30_000,
  );
  expect(await monitorState(id)).toMatchObject({ status: 'up', failing_regions: null });
  expect(await incidents()).toEqual([]);
  expect(await lastC()).toBe(beforeRestart);

  startWorker('c');
  await waitFor(async () => (await lastC()) > beforeRestart, 30_000);
  expect(await monitorState(id)).toMatchObject({ status: 'up' });
  expect(await incidents()).toEqual([]);
});
