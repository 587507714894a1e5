// A workspace's things name their owner for what it is (issue 41, item 7): the owner column was
// `user_id` from the days each account was one person, though since 0027 it references the
// workspace. It becomes `workspace_id`, and the indexes and constraints named after it follow.
// Values, indexes' columns, foreign keys and partial-index predicates move with the column (both
// databases rename a column in place); only names change. The digest tables keep `user_id`:
// their rows belong to a person.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

/** Every table whose `user_id` holds a workspace id. */
export const WORKSPACE_ID_TABLES = [
  'monitors',
  'incidents',
  'alert_channels',
  'alert_deliveries',
  'outbox',
  'status_pages',
  'api_keys',
  'deployments',
  'deployment_webhooks',
  'performance_sites',
  'performance_checks',
  'budget_violations',
  'performance_alerts',
  'retention_owner_plans',
  'maintenance_windows',
  'maintenance_updates',
  'escalation_policies',
  'status_page_subscribers',
  'status_page_notices',
  'status_page_deliveries',
] as const;

/** `monitors_user_idx` → `monitors_workspace_idx`, `…_user_id_fkey` → `…_workspace_id_fkey`. */
export const renamedOwnerName = (name: string): string =>
  name.replace(/_user_id(?=_|$)/, '_workspace_id').replace(/_user(?=_)/, '_workspace');

async function renameSqliteIndexes(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  for (const index of rows) {
    const name = renamedOwnerName(index.name);
    if (name === index.name) continue;
    // SQLite has no ALTER INDEX: the index is made again under its new name from its definition.
    const definition = index.sql.replace(`"${index.name}"`, `"${name}"`);
    if (definition === index.sql) throw new Error(`${index.name}: its definition does not quote its name`);
    await sql`drop index ${sql.id(index.name)}`.execute(db);
    await sql.raw(definition).execute(db);
  }
}

async function renamePostgresNames(db: Kysely<unknown>, table: string): Promise<void> {
  const constraints = await sql<{ name: string }>`select conname as name from pg_constraint
    where conrelid = ${table}::regclass`.execute(db);
  for (const { name } of constraints.rows) {
    const renamed = renamedOwnerName(name);
    if (renamed !== name)
      await sql`alter table ${sql.table(table)} rename constraint ${sql.id(name)} to ${sql.id(renamed)}`.execute(
        db,
      );
  }
  // Read after the constraints: renaming a unique constraint renames the index behind it.
  const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes
    where schemaname = current_schema() and tablename = ${table}`.execute(db);
  for (const { name } of indexes.rows) {
    const renamed = renamedOwnerName(name);
    if (renamed !== name) await sql`alter index ${sql.id(name)} rename to ${sql.id(renamed)}`.execute(db);
  }
}

export const workspaceIds: Migration = {
  async up(db, types) {
    for (const table of WORKSPACE_ID_TABLES) {
      await sql`alter table ${sql.table(table)} rename column user_id to workspace_id`.execute(db);
      if (types.dialect === 'postgres') await renamePostgresNames(db, table);
      else await renameSqliteIndexes(db, table);
    }
  },
};
