// Issue 40, item 1 (the check job's part): while the store keeps failing, finished checks wait in
// memory, bounded; they are written when it answers again, and any lost past the bound are
// counted and logged.
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTarget, type Target } from '../checks/test/targets.ts';
import { ManualClock } from '../platform/clock.ts';
import { createLocalEventBus } from '../platform/events/bus.ts';
import { createTargetGuard } from '../platform/net/target-guard.ts';
import { loopbackOnlyOpener } from '../platform/net/test/loopback-only.ts';
import { insertMonitors, insertOwner, monitorRow } from '../test/monitor-rows.ts';
import { storedResults } from '../test/result-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCheckJob } from './check-job.ts';

const START = Date.UTC(2026, 10, 1, 12);
let t: TestApp;
let clock: ManualClock;
let target: Target;

beforeEach(async () => {
  clock = new ManualClock(START);
  t = await createTestApp({}, { clock, allowPrivateTargets: true });
  target = await startTarget((_req, res) => res.end('ok'));
});
afterEach(async () => {
  await target.close();
  await t.close();
});

/** Every insert of check results fails while `down` holds, as it does while the database is away. */
function storeAway(state: { down: boolean }): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (state.down && InsertQueryNode.is(node) && node.into?.table.identifier.name === 'check_results')
        throw new Error('Connection terminated unexpectedly');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

it('keeps results through failed stores, bounded, stores them when the store answers, and counts and logs those lost', async () => {
  const owner = await insertOwner(t.database.db, t.database.dialect);
  const rows = [0, 1, 2].map((i) =>
    monitorRow(owner, `${target.origin}/m/${i}`, START, {
      interval_seconds: 60,
      next_run_at: START - 10 + i,
    }),
  );
  await insertMonitors(t.database.db, rows);
  const state = { down: true };
  const logs: { level: number; msg: string; lost?: number; lostTotal?: number; stored?: number }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const worker = createCheckJob({
    db: t.database.db.withPlugin(storeAway(state)),
    dialect: t.database.dialect,
    clock,
    guard: createTargetGuard({ allowPrivateTargets: true, openSocket: loopbackOnlyOpener() }),
    events: createLocalEventBus(),
    logger,
    region: 'local',
    workerId: 'worker-a',
    lookAheadMs: 0,
    maxKeptResults: 2,
  });
  const signal = new AbortController().signal;
  // SQLite stores inside the round, which rejects; PostgreSQL stores beside it.
  const round = async () => {
    await worker.run(signal).catch(() => undefined);
    await worker.stored();
  };
  await round();
  for (let i = 0; i < 200 && worker.depth().inFlight > 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(worker.depth().inFlight).toBe(0);
  // Three stores fail, one a second: the results wait, and the oldest past the bound is lost.
  for (let i = 0; i < 3; i++) {
    await round();
    clock.advance(1_000);
  }
  expect(await storedResults(t.database.db)).toEqual([]);
  expect(worker.results()).toEqual({ waiting: 2, lost: 1 });
  expect(logs.filter((line) => line.level === 50 && line.lost === 1)).toHaveLength(1);
  state.down = false;
  await round();
  const stored = await storedResults(t.database.db);
  expect(stored.map((result) => result.monitor_id).sort()).toEqual([rows[1]?.id, rows[2]?.id].sort());
  expect(logs.find((line) => line.msg === 'check results stored again')).toMatchObject({
    stored: 2,
    lostTotal: 1,
  });
  expect(worker.results()).toEqual({ waiting: 0, lost: 1 });

  // The monitor whose result was lost is checked again once its lease runs out.
  const lost = await t.database.db
    .selectFrom('monitors')
    .select('claimed_until')
    .where('id', '=', rows[0]?.id ?? '')
    .executeTakeFirstOrThrow();
  clock.advance((lost.claimed_until ?? 0) + 1_000 - clock.now());
  const checked = async () => (await storedResults(t.database.db)).map((result) => result.monitor_id);
  // Results are stored once a second of the job's clock: a check that ends after a round's store
  // waits for the next second (it stayed unstored under CI's load while the clock stood still).
  for (let i = 0; i < 200 && !(await checked()).includes(rows[0]?.id ?? ''); i++) {
    await round();
    await new Promise((r) => setTimeout(r, 10));
    clock.advance(1_000);
  }
  expect(await checked()).toContain(rows[0]?.id);
});
