// What a workspace owns hangs from the workspace (issue 18): the owner column of each table
// (`user_id`, or the billing customer's id) referenced the person until now, which kept every
// workspace a personal one. It now references the organization, so a person can make more
// workspaces, and deleting a workspace takes its things with it. No value changes: each row's
// owner is a personal workspace whose id is the person's (migration 0023).
import { type Kysely, sql } from 'kysely';
import type { Migration } from '../migrate.ts';

/** Each table a workspace owns, and its owner column. */
export const WORKSPACE_OWNED: readonly (readonly [string, string])[] = [
  ['monitors', 'user_id'],
  ['billing_customers', 'id'],
  ['incidents', 'user_id'],
  ['alert_channels', 'user_id'],
  ['alert_deliveries', 'user_id'],
  ['outbox', 'user_id'],
  ['status_pages', 'user_id'],
  ['api_keys', 'user_id'],
  ['deployments', 'user_id'],
  ['deployment_webhooks', 'user_id'],
  ['performance_sites', 'user_id'],
  ['retention_owner_plans', 'user_id'],
];

const USER_REFERENCE = 'references "user" ("id")';

async function repointPostgres(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select con.conname as name from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    join pg_attribute att on att.attrelid = rel.oid and att.attnum = con.conkey[1]
    where con.contype = 'f' and ns.nspname = current_schema() and rel.relname = ${table}
      and att.attname = ${column} and con.confrelid = '"user"'::regclass`.execute(db);
  if (rows.length !== 1)
    throw new Error(`${table}.${column}: expected one foreign key to "user", found ${rows.length}`);
  await sql`alter table ${sql.table(table)}
    drop constraint ${sql.id(rows[0]?.name ?? '')},
    add constraint ${sql.id(`${table}_workspace_fkey`)} foreign key (${sql.id(column)})
      references organization (id) on delete cascade`.execute(db);
}

/**
 * SQLite cannot change a foreign key in place: the table is rebuilt under the same name (its rows
 * copied as they are, then its indexes and triggers made again), with foreign keys off so the old
 * table's drop cascades nowhere, as SQLite's own ALTER TABLE guide describes.
 */
async function rebuildSqlite(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table} order by type = 'table' desc`.execute(db);
  const [create, ...rest] = rows;
  const definition = create?.sql ?? '';
  if (definition.split(USER_REFERENCE).length !== 2)
    throw new Error(`${table}: expected one reference to "user"`);
  const rebuilt = `${table}_rebuilt`;
  const next = definition
    .replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${rebuilt}"`)
    .replace(USER_REFERENCE, 'references "organization" ("id")');
  await db.transaction().execute(async (tx) => {
    await sql.raw(next).execute(tx);
    await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(tx);
    await sql`drop table ${sql.table(table)}`.execute(tx);
    await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(tx);
    for (const { sql: statement } of rest) if (statement) await sql.raw(statement).execute(tx);
  });
}

export const workspaceOwned: Migration = {
  async up(db, types) {
    if (types.dialect === 'postgres') {
      for (const [table, column] of WORKSPACE_OWNED) await repointPostgres(db, table, column);
      return;
    }
    // Outside any transaction (SQLite ignores it inside one); migrations on SQLite run outside one.
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      for (const [table] of WORKSPACE_OWNED) await rebuildSqlite(db, table);
      const { rows } = await sql`pragma foreign_key_check`.execute(db);
      if (rows.length > 0)
        throw new Error(`rows whose owner is no workspace: ${JSON.stringify(rows.slice(0, 5))}`);
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};
