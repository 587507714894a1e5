// Needs PostgreSQL: real `upwatch worker` processes sharing one database. Runs in `npm run test:pg`.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createPostgresSchema, type PostgresSchema } from '../test/pg-schema.ts';
import { countResults, storedResults } from '../test/result-rows.ts';
import { spawnLongRunning, type UpwatchChild } from '../test/upwatch-process.ts';
import { waitFor } from '../test/wait-for.ts';

let schema: PostgresSchema;
let target: Target;
let hits: Map<string, number>;
/** Which source address each path was requested from last: which worker ran it. */
let from: Map<string, string>;
let hang: boolean;
const workers: UpwatchChild[] = [];

beforeEach(async () => {
  schema = await createPostgresSchema('workers');
  hits = new Map();
  from = new Map();
  hang = false;
  target = await startTarget((req, res) => {
    if (hang) return;
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    from.set(path, req.socket.remoteAddress ?? '');
    res.end('ok');
  });
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
  await target.close();
  await schema.drop();
});

// Workers of one region share its work; each leaves from its own loopback address, so the
// target can tell which one ran a check.
function startWorker(sourceAddress: string): UpwatchChild {
  const worker = spawnLongRunning(['worker', '--region', 'local', '--source-address', sourceAddress], {
    DATABASE_URL: schema.url,
    DATA_DIR: '/tmp/upwatch-workers-test',
    UPWATCH_TEST_MODE: 'true',
    ALLOW_PRIVATE_TARGETS: 'true',
    CONFIRMATION_DELAY_SECONDS: '1',
    LOG_LEVEL: 'warn',
  });
  workers.push(worker);
  return worker;
}

async function seed(count: number, timeoutMs = 10_000): Promise<string[]> {
  const { db, dialect } = schema.handle;
  const owner = await insertOwner(db, dialect);
  const now = Date.now();
  // An interval of ten years: a monitor's next slot (anywhere within its interval) can then never
  // fall inside the test, so every request the target sees is a first run.
  const rows = Array.from({ length: count }, () =>
    monitorRow(owner, '', now, { timeout_ms: timeoutMs, interval_seconds: 10 * 365 * 86_400 }),
  );
  for (const row of rows) row.url = `${target.origin}/m/${row.id}`;
  await insertMonitors(db, rows);
  return rows.map((row) => row.id);
}

const resultCount = () => countResults(schema.handle.db);

/** How many of `items` fall under each key. */
function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

it('two worker processes share 2,000 due checks: each runs once, both do a share', {
  timeout: 120_000,
}, async () => {
  const ids = await seed(2000);
  const a = startWorker('127.0.0.2');
  const b = startWorker('127.0.0.3');
  await waitFor(async () => (await resultCount()) >= 2000, 90_000);

  const stored = await storedResults(schema.handle.db);
  const failures = stored
    .filter((result) => result.status !== 'up')
    .map(({ failure_code, failure_message, confirmation }) => ({
      failure_code,
      failure_message,
      confirmation,
    }));
  expect(failures).toEqual([]);
  const perMonitor = [...tally(stored, (result) => result.monitor_id).values()].filter((n) => n > 1);
  const twice = [...hits.entries()].filter(([, n]) => n > 1);
  expect({ resultsTwice: perMonitor.length, hitsTwice: twice.length, total: await resultCount() }).toEqual({
    resultsTwice: 0,
    hitsTwice: 0,
    total: 2000,
  });
  expect(hits.size).toBe(2000);
  expect([...hits.values()].every((n) => n === 1)).toBe(true);
  expect(ids.every((id) => hits.get(`/m/${id}`) === 1)).toBe(true);
  const shares = Object.fromEntries(tally([...from.values()], (address) => address));
  expect((shares['127.0.0.2'] ?? 0) + (shares['127.0.0.3'] ?? 0)).toBe(2000);
  expect(shares['127.0.0.2']).toBeGreaterThan(0);
  expect(shares['127.0.0.3']).toBeGreaterThan(0);

  expect(await a.stop('SIGTERM')).toBe(0);
  expect(await b.stop('SIGTERM')).toBe(0);
});

it('a worker killed with -9 mid-batch loses nothing: its claims are run by another within one lease', {
  timeout: 90_000,
}, async () => {
  // A 2 s timeout makes the lease 2 s + 15 s.
  const ids = await seed(40, 2000);
  hang = true;
  const doomed = startWorker('127.0.0.2');
  await waitFor(async () => {
    const claimed = await schema.handle.db
      .selectFrom('monitors')
      .select('id')
      .where('claimed_by', 'is not', null)
      .execute();
    return claimed.length === ids.length;
  }, 20_000);
  const killedAt = Date.now();
  await doomed.stop('SIGKILL');
  hang = false;

  startWorker('127.0.0.3');
  await waitFor(async () => (await resultCount()) >= ids.length, 40_000);
  const elapsed = Date.now() - killedAt;
  expect(elapsed).toBeLessThan(17_000 + 5000);
  const results = await storedResults(schema.handle.db);
  expect(new Set(results.map((row) => row.monitor_id))).toEqual(new Set(ids));
  expect(results.every((row) => row.status === 'up')).toBe(true);
  expect(ids.every((id) => from.get(`/m/${id}`) === '127.0.0.3')).toBe(true);
});

it('a worker killed with -9 holding 30 s checks has them released by the others once it misses three heartbeats, long before its 45 s lease ends', {
  timeout: 90_000,
}, async () => {
  const ids = await seed(40, 30_000);
  hang = true;
  const doomed = startWorker('127.0.0.2');
  const claimedAll = async () =>
    (await schema.handle.db.selectFrom('monitors').select('id').where('claimed_by', 'is not', null).execute())
      .length === ids.length;
  await waitFor(claimedAll, 20_000);
  startWorker('127.0.0.3');
  await waitFor(
    async () => (await schema.handle.db.selectFrom('workers').select('id').execute()).length === 2,
    20_000,
  );
  const killedAt = Date.now();
  await doomed.stop('SIGKILL');
  hang = false;

  await waitFor(async () => (await resultCount()) >= ids.length, 60_000);
  const elapsed = Date.now() - killedAt;
  // Three missed 5 s heartbeats, the rescuer's next heartbeat, then its next poll.
  expect(elapsed).toBeLessThan(15_000 + 5_000 + 5_000);
  const results = await storedResults(schema.handle.db);
  expect(new Set(results.map((row) => row.monitor_id))).toEqual(new Set(ids));
  expect(results.every((row) => row.status === 'up')).toBe(true);
  expect(ids.every((id) => from.get(`/m/${id}`) === '127.0.0.3')).toBe(true);
  const stopped = await schema.handle.db
    .selectFrom('workers')
    .select('id')
    .where('stopped_at', 'is not', null)
    .execute();
  expect(stopped).toHaveLength(1);
});
