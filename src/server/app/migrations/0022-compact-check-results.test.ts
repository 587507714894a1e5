import { afterEach, beforeEach, expect, it } from 'vitest';
import { listResults, toCheckResult } from '../../history/results.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { beforeWorkspaceIds } from '../../platform/db/migrations/test/before-workspace-ids.ts';
import {
  type LegacyCheckResult,
  legacy,
  legacyRecord,
} from '../../platform/db/migrations/test/legacy-results.ts';
import { insertMonitors, insertOwner, insertUserRow, monitorRow } from '../../test/monitor-rows.ts';
import { insertResults, storedResults } from '../../test/result-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ until: '0021-digest-next-send' });
});
afterEach(async () => {
  await database.destroy();
});

/** Every value a stored result can carry, in the text shape 0004–0021 stored. */
function legacyRows(monitorId: string, count: number): LegacyCheckResult[] {
  return Array.from({ length: count }, (_, i) => {
    const down = i % 5 === 2;
    const degraded = i % 7 === 4;
    return {
      id: `${monitorId}-${i}`,
      monitor_id: monitorId,
      checked_at: NOW - (count - i) * 60_000 + (i % 3),
      region: i % 4 === 0 ? 'eu-west' : 'local',
      status: down ? 'down' : degraded ? 'degraded' : 'up',
      status_code: down ? 503 : i % 6 === 5 ? null : 200,
      total_ms: 80 + i * 7,
      dns_ms: i % 2 === 0 ? 1 : null,
      connect_ms: 2 + i,
      tls_ms: i % 3 === 0 ? null : 30,
      ttfb_ms: 40 + i,
      download_ms: i,
      response_bytes: i % 6 === 5 ? null : 1_000 + i,
      // One failure repeats, one has no message, one is long: each is stored once and reads back whole.
      failure_code: down ? (i % 10 === 2 ? 'status_mismatch' : 'timeout') : null,
      failure_message: down
        ? i % 10 === 2
          ? 'Expected status 200-399, got 503.'
          : i % 20 === 7
            ? null
            : 'x'.repeat(3_000)
        : null,
      confirmation: down && i % 10 === 7 ? 1 : 0,
      reason: i % 9 === 8 ? 'deployment' : null,
      facts: i % 8 === 1 ? JSON.stringify({ answers: ['192.0.2.1', '192.0.2.2'] }) : null,
    };
  });
}

async function seed(): Promise<{ ids: string[]; rows: LegacyCheckResult[] }> {
  const { db, dialect } = database;
  const owner = await insertUserRow(db, dialect);
  const monitors = ['https://shop.example.com', 'tcp://db.example.com:5432', 'https://api.example.com'].map(
    (url, i) => monitorRow(owner, url, NOW - 86_400_000 + i),
  );
  await insertMonitors(beforeWorkspaceIds(db), monitors);
  const rows = monitors.flatMap((monitor, i) => legacyRows(monitor.id, 40 + i * 3));
  for (let start = 0; start < rows.length; start += 50) {
    await legacy(db)
      .insertInto('check_results')
      .values(rows.slice(start, start + 50))
      .execute();
  }
  return { ids: monitors.map((monitor) => monitor.id), rows };
}

const byKey = (
  a: { checked_at: number; monitor_id: string },
  b: { checked_at: number; monitor_id: string },
) => a.checked_at - b.checked_at || (a.monitor_id < b.monitor_id ? -1 : a.monitor_id > b.monitor_id ? 1 : 0);

it('migrates every stored result in place with every value kept, and the results API answers the same', async () => {
  const { db, dialect } = database;
  const { ids, rows } = await seed();

  expect(await migrateToLatest(db, dialect, '0022-compact-check-results')).toEqual([
    '0022-compact-check-results',
  ]);

  const expected = rows.map(legacyRecord).sort(byKey);
  expect(await storedResults(db)).toEqual(expected);
  // Today's results API also reads the hours packed since (0041), so the rest is migrated first.
  await migrateToLatest(db, dialect);
  for (const id of ids) {
    const mine = expected.filter((record) => record.monitor_id === id).reverse();
    const monitor = await db
      .selectFrom('monitors')
      .select(['id', 'seq'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const first = await listResults(db, monitor, { limit: 10 });
    expect(first.results).toEqual(mine.slice(0, 10).map(toCheckResult));
    const second = await listResults(db, monitor, { limit: 10, cursor: first.nextCursor ?? undefined });
    expect(second.results).toEqual(mine.slice(10, 20).map(toCheckResult));
  }
  // Failures and regions are stored once each.
  const failures = await db.selectFrom('check_failures').selectAll().execute();
  expect(failures.map((failure) => failure.code).sort()).toEqual(['status_mismatch', 'timeout', 'timeout']);
  const regions = await db.selectFrom('check_regions').select('name').orderBy('name').execute();
  expect(regions.map((region) => region.name)).toEqual(['eu-west', 'local']);
  expect(await migrateToLatest(db, dialect, '0022-compact-check-results')).toEqual([]);
});

it('numbers existing and new monitors uniquely, stores a new monitor’s results and deletes them with it', async () => {
  const { db, dialect } = database;
  const { ids } = await seed();
  await migrateToLatest(db, dialect);

  const owner = await insertOwner(db, dialect);
  const added = monitorRow(owner, 'https://new.example.com', NOW);
  await insertMonitors(db, [added]);
  const seqs = await db.selectFrom('monitors').select(['id', 'seq']).execute();
  expect(new Set(seqs.map((row) => row.seq)).size).toBe(4);
  expect(seqs.every((row) => Number.isInteger(row.seq))).toBe(true);

  await insertResults(db, [
    {
      monitor_id: added.id,
      checked_at: NOW + 1,
      status: 'down',
      failure_code: 'timeout',
      failure_message: 'x'.repeat(3_000),
    },
    { monitor_id: added.id, checked_at: NOW + 2, region: 'ap-south' },
  ]);
  const stored = await storedResults(db, added.id);
  expect(stored.map((record) => [record.status, record.region, record.failure_code])).toEqual([
    ['down', 'local', 'timeout'],
    ['up', 'ap-south', null],
  ]);
  // The long timeout message existed before the migration: it is found, not stored twice.
  expect(
    await db.selectFrom('check_failures').select('id').where('code', '=', 'timeout').execute(),
  ).toHaveLength(2);

  const before = (await storedResults(db)).length;
  await db
    .deleteFrom('monitors')
    .where('id', '=', ids[0] as string)
    .execute();
  expect(await storedResults(db, ids[0])).toEqual([]);
  expect((await storedResults(db)).length).toBe(before - 40);
});

it('never gives a deleted monitor’s number to a new monitor', async () => {
  const { db, dialect } = database;
  await seed();
  await migrateToLatest(db, dialect);
  const highest = await db
    .selectFrom('monitors')
    .select(['id', 'seq'])
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('monitors').where('id', '=', highest.id).execute();

  const added = monitorRow(await insertOwner(db, dialect), 'https://next.example.com', NOW);
  await insertMonitors(db, [added]);
  const { seq } = await db
    .selectFrom('monitors')
    .select('seq')
    .where('id', '=', added.id)
    .executeTakeFirstOrThrow();
  expect(seq).toBeGreaterThan(highest.seq as number);
});
