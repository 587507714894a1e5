// Alerts that stay quiet (issue 19): a monitor may depend on others (an upstream outage
// swallows its dependants' alerts), may be re-notified while down or alerted when slow, and
// Down and Recovered alerts of monitors failing together travel as one (a held delivery
// leads, the others join it by `group_id`).
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const quietAlerts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('monitor_dependencies')
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('depends_on_id', 'text', (col) =>
        col.notNull().references('monitors.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('monitor_dependencies_pk', ['monitor_id', 'depends_on_id'])
      .execute();
    // An upstream outage looks up the monitors that depend on it.
    await db.schema
      .createIndex('monitor_dependencies_upstream_idx')
      .on('monitor_dependencies')
      .column('depends_on_id')
      .execute();

    await db.schema.alterTable('monitors').addColumn('renotify_minutes', 'integer').execute();
    await db.schema
      .alterTable('monitors')
      .addColumn('alert_on_degraded', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // Whether other monitors of the workspace are failing right now: a handful of rows at most.
    await db.schema
      .createIndex('monitors_confirming_idx')
      .on('monitors')
      .column('user_id')
      .where(sql.ref('confirming_since'), 'is not', null)
      .execute();

    await db.schema.alterTable('incidents').addColumn('renotify_at', 'bigint').execute();
    await db.schema
      .createIndex('incidents_renotify_idx')
      .on('incidents')
      .column('renotify_at')
      .where(sql.ref('renotify_at'), 'is not', null)
      .execute();

    await db.schema.alterTable('alert_deliveries').addColumn('group_id', 'text').execute();
    await db.schema
      .createIndex('alert_deliveries_group_idx')
      .on('alert_deliveries')
      .column('group_id')
      .where(sql.ref('group_id'), 'is not', null)
      .execute();
  },
};
