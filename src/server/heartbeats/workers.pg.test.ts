// Needs PostgreSQL: two workers, each with its own connection pool, claim the same overdue
// heartbeats at once. Runs in `npm run test:pg`.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { newPingToken } from '../monitors/kinds/heartbeat.ts';
import { ManualClock } from '../platform/clock.ts';
import { connectDatabase, type DatabaseHandle } from '../platform/db/connect.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { createLogger } from '../platform/logger.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { createCheckJob } from '../scheduler/check-job.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { createPostgresSchema, type PostgresSchema } from '../test/pg-schema.ts';
import { storedResults } from '../test/result-rows.ts';

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);
const MINUTE = 60_000;
let schema: PostgresSchema;
let second: DatabaseHandle;

beforeEach(async () => {
  schema = await createPostgresSchema('heartbeats');
  second = connectDatabase({ dialect: 'postgres', url: schema.url }, { poolSize: 4 });
});
afterEach(async () => {
  await second.destroy();
  await schema.drop();
});

it('two workers evaluate 1,000 overdue heartbeats: each once, one incident each, both do a share', {
  timeout: 120_000,
}, async () => {
  const { db, dialect } = schema.handle;
  const owner = await insertOwner(db, dialect);
  const schedule = { periodSeconds: 300, cron: null, timezone: 'UTC', graceSeconds: 60 };
  // Each pinged 10 minutes ago, expected 5 minutes ago, out of grace 4 minutes ago.
  const rows = Array.from({ length: 1000 }, () =>
    monitorRow(owner, 'heartbeat:every 5 min', NOW - 20 * MINUTE, {
      kind: 'heartbeat',
      config: JSON.stringify(schedule),
      interval_seconds: 300,
      ping_token: newPingToken(),
      last_ping_at: NOW - 10 * MINUTE,
      status: 'up',
      next_run_at: NOW - 4 * MINUTE,
    }),
  );
  await insertMonitors(db, rows);

  const clock = new ManualClock(NOW);
  const job = (handle: DatabaseHandle, name: string) =>
    createCheckJob({
      db: handle.db,
      dialect: handle.dialect,
      clock,
      guard: createTargetGuard({ allowPrivateTargets: false }),
      events: createLocalEventBus(),
      logger: createLogger('silent'),
      region: name,
      workerId: `worker-${name}`,
      concurrency: 50,
    });
  const workers = [job(schema.handle, 'a'), job(second, 'b')];
  const signal = new AbortController().signal;
  const downCount = async () =>
    Number(
      (
        await db
          .selectFrom('monitors')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'down')
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (let round = 0; round < 200 && (await downCount()) < 1000; round++) {
    await Promise.all(workers.map((worker) => worker.run(signal)));
    // A batch is stored beside the next claims; the fake clock moves on only once it has, as
    // real time would long before any lease ran out.
    await Promise.all(workers.map((worker) => worker.stored()));
    clock.advance(1000);
  }
  await Promise.all(workers.map((worker) => worker.drain?.()));

  expect(await downCount()).toBe(1000);
  const results = await storedResults(db);
  expect(results).toHaveLength(1000);
  expect(new Set(results.map((result) => result.monitor_id)).size).toBe(1000);
  expect(results.every((result) => result.failure_code === 'heartbeat_missed')).toBe(true);
  const share = (region: string) => results.filter((result) => result.region === region).length;
  expect(share('a')).toBeGreaterThan(0);
  expect(share('b')).toBeGreaterThan(0);
  const incidents = await db.selectFrom('incidents').select('primary_monitor_id').execute();
  expect(incidents).toHaveLength(1000);
  expect(new Set(incidents.map((incident) => incident.primary_monitor_id)).size).toBe(1000);
});
