// Checks from several regions (issue 21). A monitor checked from more than one region keeps a row
// per region here: that region's own schedule, claim and confirmed status. Its row in monitors
// then holds the quorum's verdict and is never claimed itself (`regional` = 1), so the check
// job's claim of unregioned monitors keeps its own index and every single-region installation
// (SQLite's `local`) works as before.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const monitorRegions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('monitors')
      .addColumn('regional', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // JSON array of region names; null: every live region.
    await db.schema.alterTable('monitors').addColumn('regions', 'text').execute();
    // Failing regions that make it down; null: more than half.
    await db.schema.alterTable('monitors').addColumn('quorum', 'integer').execute();
    // Alert (low severity, no incident) when one region's own checks fail while the quorum holds.
    await db.schema
      .alterTable('monitors')
      .addColumn('alert_on_region_failure', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // Comma-separated regions whose own checks fail now, shown while the quorum says otherwise.
    await db.schema.alterTable('monitors').addColumn('failing_regions', 'text').execute();
    await db.schema.dropIndex('monitors_unclaimed_due_idx').ifExists().execute();
    await db.schema
      .createIndex('monitors_unclaimed_due_idx')
      .on('monitors')
      .column('next_run_at')
      .where(sql<boolean>`paused = 0 and regional = 0 and claimed_until is null`)
      .execute();
    await db.schema
      .createTable('monitor_regions')
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('next_run_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('claimed_by', 'text')
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('confirming_since', 'bigint')
      .addColumn('last_checked_at', 'bigint')
      .addColumn('latency_ms', 'integer')
      .addColumn('failure_code', 'text')
      .addColumn('failure_message', 'text')
      .addPrimaryKeyConstraint('monitor_regions_pk', ['monitor_id', 'region'])
      .execute();
    // Each region's own checks of a monitor per day (monitor rollups hold the quorum's verdict).
    // Keyed by monitor, then day, so retention prunes each monitor's range at once.
    await db.schema
      .createTable('region_rollups_daily')
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('bucket_start', 'bigint', (col) => col.notNull())
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('checks', 'integer', (col) => col.notNull())
      .addColumn('up_checks', 'integer', (col) => col.notNull())
      .addColumn('latency_sum_ms', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('region_rollups_daily_pk', ['monitor_id', 'bucket_start', 'region'])
      .execute();
    await db.schema
      .createIndex('monitor_regions_unclaimed_due_idx')
      .on('monitor_regions')
      .columns(['region', 'next_run_at'])
      .where(sql<boolean>`claimed_until is null`)
      .execute();
    await db.schema
      .createIndex('monitor_regions_claimed_until_idx')
      .on('monitor_regions')
      .column('claimed_until')
      .where(sql<boolean>`claimed_until is not null`)
      .execute();
  },
};
