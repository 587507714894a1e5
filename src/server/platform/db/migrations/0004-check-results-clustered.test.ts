import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertMonitors, insertUserRow, monitorRow } from '../../../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { dialectTypes } from '../dialect.ts';
import { checkResultsClustered } from './0004-check-results-clustered.ts';
import { beforeWorkspaceIds } from './test/before-workspace-ids.ts';
import { type LegacyCheckResult, legacy } from './test/legacy-results.ts';

// Databases as 0021 left them: the tests' rows are in the table 0004 made, not 0022's compact one.
const BEFORE_COMPACT = '0021-digest-next-send';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ until: BEFORE_COMPACT });
});
afterEach(async () => {
  await database.destroy();
});

async function monitorWithResults(count: number): Promise<{ monitorId: string; rows: LegacyCheckResult[] }> {
  const { dialect } = database;
  const owner = await insertUserRow(database.db, dialect);
  const monitor = monitorRow(owner, 'https://example.com', 1_700_000_000_000);
  await insertMonitors(beforeWorkspaceIds(database.db), [monitor]);
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    monitor_id: monitor.id,
    checked_at: 1_700_000_000_000 + i * 60_000,
    region: 'local',
    status: 'up' as const,
    status_code: 200,
    total_ms: 100 + i,
    dns_ms: 1,
    connect_ms: 2,
    tls_ms: null,
    ttfb_ms: 90,
    download_ms: 7 + i,
    response_bytes: 2,
    failure_code: null,
    failure_message: null,
    confirmation: 0,
  }));
  await legacy(database.db).insertInto('check_results').values(rows).execute();
  return { monitorId: monitor.id, rows };
}

/** Puts back check_results as 0002 created it (a rowid table, an id key, a time index), empty. */
async function restoreRowidTable(): Promise<void> {
  const { db } = database;
  await db.schema.dropTable('check_results').execute();
  await db.schema
    .createTable('check_results')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('checked_at', 'bigint', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('total_ms', 'integer', (col) => col.notNull())
    .addColumn('dns_ms', 'integer')
    .addColumn('connect_ms', 'integer')
    .addColumn('tls_ms', 'integer')
    .addColumn('ttfb_ms', 'integer')
    .addColumn('download_ms', 'integer')
    .addColumn('response_bytes', 'integer')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('confirmation', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('check_results_monitor_time_idx')
    .on('check_results')
    .columns(['monitor_id', 'checked_at'])
    .execute();
}

it('runs after 0005 on a database that got 0005 first, keeping the results stored before', async () => {
  const { dialect } = database;
  const db = legacy(database.db);
  // A database migrated before 0004 existed: 0005 applied, 0004 not, results in the old table.
  await restoreRowidTable();
  await sql`delete from kysely_migration where name = '0004-check-results-clustered'`.execute(db);
  const { rows } = await monitorWithResults(3);

  // 0022 has since replaced this table, so 0004 runs alone here, as on a database that got 0005 first.
  await checkResultsClustered.up(database.db as Kysely<unknown>, dialectTypes(dialect));
  expect(await db.selectFrom('check_results').selectAll().orderBy('checked_at').execute()).toEqual(rows);
});

it('keys results by monitor, time and id, and deletes them with their monitor', async () => {
  const db = legacy(database.db);
  const { monitorId, rows } = await monitorWithResults(2);
  const again = { ...rows[0], total_ms: 1 } as LegacyCheckResult;
  await expect(db.insertInto('check_results').values(again).execute()).rejects.toThrow();

  await db.deleteFrom('monitors').where('id', '=', monitorId).execute();
  expect(await db.selectFrom('check_results').selectAll().execute()).toEqual([]);
});

it('stores results in the key order on SQLite, with no rowid table beside it', async () => {
  if (database.dialect !== 'sqlite') return;
  const { rows } = await sql<{ wr: number }>`
    select wr from pragma_table_list where name = 'check_results'
  `.execute(database.db);
  expect(rows).toEqual([{ wr: 1 }]);
});
