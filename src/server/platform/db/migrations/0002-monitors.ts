// Monitors, their raw check results and hourly/daily rollups. Times are epoch ms (bigint),
// booleans 0/1, JSON as text, ids UUIDv7.
import { type Kysely, sql } from 'kysely';
import { LATENCY_BUCKET_COUNT } from '../../../../core/latency-histogram.ts';
import type { Migration } from './migration.ts';

async function createRollupTable(db: Kysely<unknown>, table: string): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('bucket_start', 'bigint', (col) => col.notNull())
    .addColumn('checks', 'integer', (col) => col.notNull())
    .addColumn('up_checks', 'integer', (col) => col.notNull())
    .addColumn('degraded_checks', 'integer', (col) => col.notNull())
    .addColumn('latency_sum_ms', 'bigint', (col) => col.notNull())
    .addColumn('latency_min_ms', 'integer', (col) => col.notNull())
    .addColumn('latency_max_ms', 'integer', (col) => col.notNull());
  // Fixed histogram columns keep the rollup upsert plain SQL (sums) on both dialects.
  for (let bucket = 0; bucket < LATENCY_BUCKET_COUNT; bucket++) {
    builder = builder.addColumn(`h${bucket}`, 'integer', (col) => col.notNull().defaultTo(0));
  }
  await builder.addPrimaryKeyConstraint(`${table}_pk`, ['monitor_id', 'bucket_start']).execute();
}

export const monitors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('monitors')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('headers', 'text', (col) => col.notNull())
      .addColumn('body', 'text')
      .addColumn('expected_status', 'text', (col) => col.notNull())
      .addColumn('keyword', 'text')
      .addColumn('keyword_mode', 'text')
      .addColumn('timeout_ms', 'integer', (col) => col.notNull())
      .addColumn('follow_redirects', 'integer', (col) => col.notNull())
      .addColumn('ignore_tls_errors', 'integer', (col) => col.notNull())
      .addColumn('degraded_above_ms', 'integer')
      .addColumn('interval_seconds', 'integer', (col) => col.notNull())
      .addColumn('paused', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('streak', 'integer', (col) => col.notNull())
      .addColumn('last_checked_at', 'bigint')
      .addColumn('last_status_change_at', 'bigint')
      .addColumn('last_latency_ms', 'integer')
      .addColumn('confirming_since', 'bigint')
      .addColumn('next_run_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('claimed_by', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('monitors_user_idx')
      .on('monitors')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('monitors_due_idx')
      .on('monitors')
      .column('next_run_at')
      .where(sql.ref('paused'), '=', 0)
      .execute();

    // Raw results: (monitor_id, checked_at) serves both history reads and pruning by age.
    await db.schema
      .createTable('check_results')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
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
      .execute();
    await db.schema
      .createIndex('check_results_monitor_time_idx')
      .on('check_results')
      .columns(['monitor_id', 'checked_at'])
      .execute();

    await createRollupTable(db, 'rollups_hourly');
    await createRollupTable(db, 'rollups_daily');
  },
};
