// Incidents (automatic and manual), their monitors, timeline, public updates, internal notes,
// and the alert deliveries an incident's changes enqueue. At most one open automatic incident
// per monitor is the database's rule, not only the code's: a partial unique index.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const incidents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('incidents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('severity', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('primary_monitor_id', 'text', (col) => col.references('monitors.id').onDelete('cascade'))
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('acknowledged_at', 'bigint')
      .addColumn('resolved_at', 'bigint')
      .addColumn('flapping_since', 'bigint')
      .addColumn('down_alerted', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('recovery_alerted', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('root_cause', 'text')
      .addColumn('summary', 'text')
      .addColumn('follow_ups', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('incidents_user_idx')
      .on('incidents')
      .columns(['user_id', 'started_at'])
      .execute();
    await db.schema
      .createIndex('incidents_monitor_idx')
      .on('incidents')
      .columns(['primary_monitor_id', 'started_at'])
      .execute();
    await db.schema
      .createIndex('incidents_one_open_automatic')
      .on('incidents')
      .column('primary_monitor_id')
      .unique()
      .where(sql.ref('source'), '=', 'automatic')
      .where(sql.ref('resolved_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('incident_monitors')
      .addColumn('incident_id', 'text', (col) => col.notNull().references('incidents.id').onDelete('cascade'))
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('incident_monitors_pk', ['incident_id', 'monitor_id'])
      .execute();
    await db.schema
      .createIndex('incident_monitors_monitor_idx')
      .on('incident_monitors')
      .column('monitor_id')
      .execute();

    await db.schema
      .createTable('incident_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('incident_id', 'text', (col) => col.notNull().references('incidents.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text')
      .execute();
    await db.schema
      .createIndex('incident_events_incident_idx')
      .on('incident_events')
      .columns(['incident_id', 'at'])
      .execute();

    await db.schema
      .createTable('incident_updates')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('incident_id', 'text', (col) => col.notNull().references('incidents.id').onDelete('cascade'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('author_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('incident_notes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('incident_id', 'text', (col) => col.notNull().references('incidents.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('alert_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('monitor_id', 'text', (col) => col.references('monitors.id').onDelete('cascade'))
      .addColumn('incident_id', 'text', (col) => col.references('incidents.id').onDelete('cascade'))
      // null: the account's email (the default channel every monitor has).
      .addColumn('channel_id', 'text')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('alert_deliveries_due_idx')
      .on('alert_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('alert_deliveries_user_idx')
      .on('alert_deliveries')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
