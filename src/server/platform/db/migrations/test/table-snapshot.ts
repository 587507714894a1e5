// Every row of every table, to prove a migration kept them: each row as it was, in a stable order.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../connect.ts';
import type { Database } from '../../schema.ts';

export type Snapshot = Map<string, Record<string, unknown>[]>;

async function tableNames(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
}

const stable = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));

export async function snapshotTables(db: Kysely<Database>, dialect: Dialect): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  for (const table of await tableNames(db, dialect)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    snapshot.set(
      table,
      rows.map((row) => ({ ...row })).sort((a, b) => stable(a).localeCompare(stable(b))),
    );
  }
  return snapshot;
}

/** A column's name after the migrations: its name before, unless a migration renamed it. */
export type ColumnNow = (table: string, column: string) => string;

/**
 * The rows of `after` cut to the columns `before` had, under their names then, so columns a
 * migration added are left out and renamed ones compare by value.
 */
export function asBefore(before: Snapshot, after: Snapshot, columnNow: ColumnNow = (_, c) => c): Snapshot {
  const cut: Snapshot = new Map();
  for (const [table, rows] of before) {
    const columns = Object.keys(rows[0] ?? {});
    const later = (after.get(table) ?? []).map((row) =>
      Object.fromEntries(columns.map((c) => [c, row[columnNow(table, c)]])),
    );
    cut.set(
      table,
      later.sort((a, b) => stable(a).localeCompare(stable(b))),
    );
  }
  return cut;
}
