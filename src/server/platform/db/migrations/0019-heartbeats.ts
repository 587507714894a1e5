// Heartbeat monitors: each has a secret ping token (unique, so a ping finds its monitor through
// one index), the state its pings leave (the last completed run and whether it failed, an open
// /start) on its row, where the check job's claim reads it, and a log of its last 100 pings.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const heartbeats: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, type] of [
      ['ping_token', 'text'],
      ['last_ping_at', 'bigint'],
      ['last_ping_failure', 'text'],
      ['run_started_at', 'bigint'],
      ['run_rid', 'text'],
    ] as const) {
      await db.schema.alterTable('monitors').addColumn(name, type).execute();
    }
    await db.schema
      .createIndex('monitors_ping_token_idx')
      .on('monitors')
      .column('ping_token')
      .unique()
      .execute();

    await db.schema
      .createTable('heartbeat_pings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('exit_status', 'integer')
      .addColumn('rid', 'text')
      .addColumn('duration_ms', 'bigint')
      .addColumn('source_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('body', 'text')
      .addColumn('body_truncated', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('heartbeat_pings_monitor_at_idx')
      .on('heartbeat_pings')
      .columns(['monitor_id', 'at'])
      .execute();
  },
};
