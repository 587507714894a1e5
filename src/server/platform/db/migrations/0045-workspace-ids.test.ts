// Renaming the owner column, on a database 0044 left with two workspaces' rows in every table a
// workspace owns: every row keeps every value, the column and the names built on it are
// renamed, deleting a workspace still takes exactly its rows, and the queries find their index.
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { Dialect } from '../connect.ts';
import { migrateToLatest } from '../migrate.ts';
import { explainQuery } from '../query-plan.ts';
import type { Database } from '../schema.ts';
import { WORKSPACE_ID_TABLES } from './0045-workspace-ids.ts';
import { beforeWorkspaceIds, ownerColumnNow } from './test/before-workspace-ids.ts';
import { asBefore, snapshotTables } from './test/table-snapshot.ts';
import { insertWorkspaceOwnedRows } from './test/workspace-owned-rows.ts';

const NOW = Date.UTC(2026, 11, 3, 9);
let database: TestDatabase;
let workspaces: [string, string];

beforeEach(async () => {
  database = await createTestDatabase({ until: '0044-domain-claims' });
  const before = beforeWorkspaceIds(database.db);
  workspaces = [
    await insertWorkspaceOwnedRows(before, database.dialect, NOW),
    await insertWorkspaceOwnedRows(before, database.dialect, NOW),
  ];
});
afterEach(async () => {
  await database.destroy();
});

async function columnsOf(db: Kysely<Database>, dialect: Dialect, table: string): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.map((row) => row.name);
}

/** Names of the indexes on `table`, and on PostgreSQL of its constraints too. */
async function namesOn(db: Kysely<Database>, dialect: Dialect, table: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}
    union select conname from pg_constraint where conrelid = ${table}::regclass`.execute(db);
  return rows.map((row) => row.name);
}

it('keeps every row and value of every table a workspace owns, under workspace_id', async () => {
  const { db, dialect } = database;
  const before = await snapshotTables(db, dialect);
  for (const table of WORKSPACE_ID_TABLES) {
    const owners = new Set(before.get(table)?.map((row) => row.user_id));
    expect(owners, table).toEqual(new Set(workspaces));
  }

  // 0045 is the first migration this data set meets; later ones follow it.
  expect((await migrateToLatest(db, dialect))[0]).toBe('0045-workspace-ids');

  const after = await snapshotTables(db, dialect);
  expect(asBefore(before, after, ownerColumnNow)).toEqual(before);
  for (const table of WORKSPACE_ID_TABLES) {
    const columns = await columnsOf(db, dialect, table);
    expect(columns, table).toContain('workspace_id');
    expect(columns, table).not.toContain('user_id');
    const names = await namesOn(db, dialect, table);
    expect(
      names.filter((name) => /_user(_|$)/.test(name)),
      table,
    ).toEqual([]);
  }
  // A person's digest rows keep naming the person.
  expect(await columnsOf(db, dialect, 'digest_settings')).toContain('user_id');
  expect(await columnsOf(db, dialect, 'digest_reports')).toContain('user_id');
  expect(await namesOn(db, dialect, 'monitors')).toContain('monitors_workspace_idx');
  expect(await namesOn(db, dialect, 'incidents')).toContain('incidents_workspace_resolved_idx');
});

it('still deletes exactly a workspace’s rows with it, and reads them through the renamed index', async () => {
  const { db, dialect } = database;
  await migrateToLatest(db, dialect);
  const [gone, kept] = workspaces;

  await db.deleteFrom('organization').where('id', '=', gone).execute();

  for (const table of WORKSPACE_ID_TABLES) {
    const { rows } = await sql<{
      workspace_id: string;
    }>`select workspace_id from ${sql.table(table)}`.execute(db);
    expect(new Set(rows.map((row) => row.workspace_id)), table).toEqual(new Set([kept]));
  }
  const plan = await explainQuery(
    db as Kysely<unknown>,
    dialect,
    db.selectFrom('monitors').selectAll().where('workspace_id', '=', kept).orderBy('created_at').compile(),
  );
  expect(plan.text).toContain('monitors_workspace_idx');
});
