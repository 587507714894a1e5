// Performance sites, their Lighthouse runs (performance_checks, which are also the run queue),
// budget violation episodes and the performance alerts they sent.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

const METRIC_COLUMNS = [
  'performance_score',
  'lcp_ms',
  'cls',
  'tbt_ms',
  'fcp_ms',
  'speed_index_ms',
  'server_response_ms',
  'total_bytes',
  'request_count',
] as const;

export const performance: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('performance_sites')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('device', 'text', (col) => col.notNull())
      .addColumn('monitor_id', 'text', (col) => col.references('monitors.id').onDelete('set null'))
      .addColumn('budgets', 'text', (col) => col.notNull())
      .addColumn('next_run_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('performance_sites_user_idx')
      .on('performance_sites')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('performance_sites_due_idx')
      .on('performance_sites')
      .column('next_run_at')
      .execute();

    let checks = db.schema
      .createTable('performance_checks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) =>
        col.notNull().references('performance_sites.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('queued_at', 'bigint', (col) => col.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text');
    for (const column of METRIC_COLUMNS) checks = checks.addColumn(column, 'double precision');
    await checks
      .addColumn('opportunities', 'text', (col) => col.notNull())
      .addColumn('blocked_requests', 'text', (col) => col.notNull())
      .addColumn('violations', 'text', (col) => col.notNull())
      .addColumn('regressions', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('performance_checks_site_idx')
      .on('performance_checks')
      .columns(['site_id', 'queued_at', 'id'])
      .execute();
    await db.schema
      .createIndex('performance_checks_status_idx')
      .on('performance_checks')
      .columns(['status', 'queued_at'])
      .execute();

    await db.schema
      .createTable('budget_violations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) =>
        col.notNull().references('performance_sites.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('limit_value', 'double precision', (col) => col.notNull())
      .addColumn('worst_value', 'double precision', (col) => col.notNull())
      .addColumn('started_run_id', 'text', (col) => col.notNull())
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('ended_run_id', 'text')
      .addColumn('recovered_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('budget_violations_site_idx')
      .on('budget_violations')
      .columns(['site_id', 'metric', 'recovered_at'])
      .execute();

    await db.schema
      .createTable('performance_alerts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) =>
        col.notNull().references('performance_sites.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('violation_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('value', 'double precision', (col) => col.notNull())
      .addColumn('limit_value', 'double precision', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('performance_alerts_site_idx')
      .on('performance_alerts')
      .columns(['site_id', 'created_at'])
      .execute();
  },
};
