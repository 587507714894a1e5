// Every status change of a monitor: small, kept as long as the monitor, and the source of
// its outage list (a confirmed down until the next change).
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const statusChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('monitor_status_changes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('from_status', 'text', (col) => col.notNull())
      .addColumn('to_status', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('monitor_status_changes_monitor_idx')
      .on('monitor_status_changes')
      .columns(['monitor_id', 'at'])
      .execute();
  },
};
