import { afterEach, beforeEach, expect, it } from 'vitest';
import { monitorStats } from '../../history/report.ts';
import { aggregate, DAY_MS, HOUR_MS } from '../../history/rollups.ts';
import { windowStart } from '../../history/uptime.ts';
import { toMonitor } from '../../monitors/repository.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { beforeWorkspaceIds } from '../../platform/db/migrations/test/before-workspace-ids.ts';
import {
  type LegacyCheckResult,
  legacy,
  legacyRecord,
} from '../../platform/db/migrations/test/legacy-results.ts';
import { insertUserRow, monitorRow } from '../../test/monitor-rows.ts';
import { storedResults } from '../../test/result-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';

// A database as the release before monitor kinds left it: HTTP monitors with history.
const COLUMNS_AT_0015 = [
  'id',
  'workspace_id',
  'name',
  'url',
  'method',
  'headers',
  'body',
  'expected_status',
  'keyword',
  'keyword_mode',
  'timeout_ms',
  'follow_redirects',
  'ignore_tls_errors',
  'degraded_above_ms',
  'interval_seconds',
  'interval_raised_from_seconds',
  'paused',
  'is_public',
  'status',
  'streak',
  'last_checked_at',
  'last_status_change_at',
  'last_latency_ms',
  'confirming_since',
  'next_run_at',
  'claimed_until',
  'claimed_by',
  'check_reason',
  'created_at',
  'updated_at',
] as const;
const NOW = Date.UTC(2026, 10, 20, 12);
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ until: '0015-retention-indexes' });
});
afterEach(async () => {
  await database.destroy();
});

async function seedBeforeKinds(): Promise<string[]> {
  const { db, dialect } = database;
  const owner = await insertUserRow(db, dialect);
  const ids: string[] = [];
  for (const [index, url] of ['https://shop.example.com', 'http://api.example.com/health'].entries()) {
    // Only the columns 0015 knew: no kind, config or any later column.
    const full = monitorRow(owner, url, NOW, {
      keyword: index === 0 ? 'Welcome' : null,
      keyword_mode: index === 0 ? 'contains' : null,
    });
    const row = Object.fromEntries(COLUMNS_AT_0015.map((column) => [column, full[column]]));
    await beforeWorkspaceIds(db)
      .insertInto('monitors')
      .values(row as never)
      .execute();
    ids.push(full.id);
    const results: LegacyCheckResult[] = Array.from({ length: 48 }, (_, i) => ({
      id: `${full.id}-${i}`,
      monitor_id: full.id,
      checked_at: NOW - (i + 1) * 30 * 60_000,
      region: 'local',
      status: i % 7 === 3 ? 'down' : 'up',
      status_code: i % 7 === 3 ? 503 : 200,
      total_ms: 100 + i,
      dns_ms: 1,
      connect_ms: 2,
      tls_ms: 3,
      ttfb_ms: 90,
      download_ms: 4 + i,
      response_bytes: 512,
      failure_code: i % 7 === 3 ? 'status_mismatch' : null,
      failure_message: i % 7 === 3 ? 'Expected status 200-399, got 503.' : null,
      confirmation: 0,
    }));
    await legacy(db).insertInto('check_results').values(results).execute();
    // Rollups as releases before 0042 wrote them: counts, no time columns.
    const inputs = results.map((r) => ({
      monitorId: r.monitor_id,
      checkedAt: r.checked_at,
      status: r.status,
      totalMs: r.total_ms,
    }));
    for (const [table, bucketMs] of [
      ['rollups_hourly', HOUR_MS],
      ['rollups_daily', DAY_MS],
    ] as const) {
      const rows = aggregate(inputs, bucketMs).map(({ up_ms, down_ms, maintenance_ms, ...row }) => row);
      await db.insertInto(table).values(rows).execute();
    }
  }
  return ids;
}

/** Each monitor's share of checks up over the list's 24 hours and 30 days, read from the old rollups. */
async function checkRatios() {
  const { db } = database;
  const ratio = async (table: 'rollups_hourly' | 'rollups_daily', from: number) => {
    const rows = await db
      .selectFrom(table)
      .select((eb) => [
        'monitor_id',
        eb.fn.sum<number>('checks').as('checks'),
        eb.fn.sum<number>('up_checks').as('up'),
      ])
      .where('bucket_start', '>=', from)
      .groupBy('monitor_id')
      .execute();
    return new Map(rows.map((row) => [row.monitor_id, (Number(row.up) / Number(row.checks)) * 100]));
  };
  const day = await ratio('rollups_hourly', windowStart('24h', NOW));
  const month = await ratio('rollups_daily', windowStart('30d', NOW));
  return new Map([...day.keys()].map((id) => [id, { day: day.get(id), month: month.get(id) }]));
}

async function counts() {
  const { db } = database;
  const count = async (table: 'monitors' | 'check_results' | 'rollups_hourly' | 'rollups_daily') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    monitors: await count('monitors'),
    results: await count('check_results'),
    hourly: await count('rollups_hourly'),
    daily: await count('rollups_daily'),
  };
}

it('migrates HTTP monitors with history in place: every monitor is kind http, counts and uptime unchanged', async () => {
  const { db, dialect } = database;
  const ids = await seedBeforeKinds();
  const before = { counts: await counts(), uptime: await checkRatios() };
  const resultsBefore = await legacy(db)
    .selectFrom('check_results')
    .selectAll()
    .orderBy('checked_at')
    .orderBy('monitor_id')
    .execute();

  const applied = await migrateToLatest(db, dialect);
  expect(applied).toContain('0016-monitor-kinds');

  expect(await counts()).toEqual(before.counts);
  // 0042 fills in each old rollup's time as its checks times the interval: the same uptime.
  const after = await monitorStats(db, ids, NOW);
  for (const id of ids) {
    expect(after.get(id)?.uptime24h).toBeCloseTo(before.uptime.get(id)?.day ?? -1, 10);
    expect(after.get(id)?.uptime30d).toBeCloseTo(before.uptime.get(id)?.month ?? -1, 10);
  }
  // Later migrations (0022) store them compactly; every value reads back the same.
  const resultsAfter = await storedResults(db);
  expect(resultsAfter).toEqual(resultsBefore.map(legacyRecord));
  expect(resultsAfter.every((row) => row.facts === null)).toBe(true);

  const rows = await db.selectFrom('monitors').selectAll().orderBy('url', 'desc').execute();
  expect(rows.map((row) => [row.kind, row.config])).toEqual([
    ['http', null],
    ['http', null],
  ]);
  expect(
    toMonitor(rows[0] as (typeof rows)[number], { publicUrl: 'http://localhost:3000', now: NOW }),
  ).toMatchObject({
    kind: 'http',
    url: 'https://shop.example.com',
    target: 'https://shop.example.com',
    keyword: { mode: 'contains', value: 'Welcome' },
    expectedStatus: '200-399',
    domainExpiry: false,
  });
  expect(await migrateToLatest(db, dialect)).toEqual([]);
});
