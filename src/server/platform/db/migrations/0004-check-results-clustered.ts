// Raw results stored in the order they are read, (monitor_id, checked_at, id). On SQLite the
// table becomes that key's B-tree (WITHOUT ROWID): storing a result is one B-tree write instead of
// three (the rowid table, the id key, the time index), and a monitor's history sits on adjacent
// pages. On PostgreSQL the one key replaces the id key and the time index.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

const COLUMNS = [
  'id',
  'monitor_id',
  'checked_at',
  'region',
  'status',
  'status_code',
  'total_ms',
  'dns_ms',
  'connect_ms',
  'tls_ms',
  'ttfb_ms',
  'download_ms',
  'response_bytes',
  'failure_code',
  'failure_message',
  'confirmation',
];

export const checkResultsClustered: Migration = {
  async up(db: Kysely<unknown>, types) {
    await db.schema
      .createTable('check_results_clustered')
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('monitor_id', 'text', (col) => col.notNull())
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
      .addPrimaryKeyConstraint('check_results_pk', ['monitor_id', 'checked_at', 'id'])
      .addForeignKeyConstraint('check_results_monitor_fk', ['monitor_id'], 'monitors', ['id'], (fk) =>
        fk.onDelete('cascade'),
      )
      .modifyEnd(types.clusteredTable)
      .execute();
    const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
    await sql`
      insert into check_results_clustered (${columns})
      select ${columns} from check_results order by monitor_id, checked_at, id
    `.execute(db);
    await db.schema.dropTable('check_results').execute();
    await db.schema.alterTable('check_results_clustered').renameTo('check_results').execute();
  },
};
