// Maintenance windows (issue 19): a window covers all of a workspace's monitors or those listed
// beside it. The maintenance job finds what is due through one partial index on
// `next_transition_at`. While an occurrence runs, each covered monitor carries the window and its
// end (`maintenance_window_id`, `maintenance_until`), so the check path judges a result from the
// row it already holds, without a query. Rollups count maintenance checks apart from `checks`, so
// every uptime figure leaves them out.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const maintenanceWindows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('maintenance_windows')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('starts_at', 'bigint', (col) => col.notNull())
      .addColumn('duration_minutes', 'integer', (col) => col.notNull())
      .addColumn('all_monitors', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('recurrence', 'text')
      .addColumn('active_from', 'bigint')
      .addColumn('active_until', 'bigint')
      .addColumn('next_occurrence_at', 'bigint')
      .addColumn('next_transition_at', 'bigint')
      .addColumn('deployment_id', 'text', (col) => col.references('deployments.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('maintenance_windows_user_idx')
      .on('maintenance_windows')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('maintenance_windows_due_idx')
      .on('maintenance_windows')
      .column('next_transition_at')
      .where(sql<boolean>`next_transition_at is not null`)
      .execute();
    await db.schema
      .createIndex('maintenance_windows_deployment_idx')
      .on('maintenance_windows')
      .column('deployment_id')
      .where(sql<boolean>`deployment_id is not null`)
      .execute();

    await db.schema
      .createTable('maintenance_window_monitors')
      .addColumn('window_id', 'text', (col) =>
        col.notNull().references('maintenance_windows.id').onDelete('cascade'),
      )
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('maintenance_window_monitors_pk', ['window_id', 'monitor_id'])
      .execute();
    await db.schema
      .createIndex('maintenance_window_monitors_monitor_idx')
      .on('maintenance_window_monitors')
      .column('monitor_id')
      .execute();

    // No foreign key: a window deleted mid-occurrence clears these in its own transaction.
    await db.schema.alterTable('monitors').addColumn('maintenance_window_id', 'text').execute();
    await db.schema.alterTable('monitors').addColumn('maintenance_until', 'bigint').execute();
    for (const table of ['rollups_hourly', 'rollups_daily']) {
      await db.schema
        .alterTable(table)
        .addColumn('maintenance_checks', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    }
  },
};
