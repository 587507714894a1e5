// Certificate checks: every check's findings (history, pruned per plan later by checked_at), and
// one state row per https monitor: when its next check is due, the claim that runs it, the
// certificate last seen (by either check kind), what the list badge shows, and which expiry
// warnings and problems have already been alerted, so each goes out once.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const sslChecks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ssl_checks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('checked_at', 'bigint', (col) => col.notNull())
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('fingerprint_sha256', 'text')
      .addColumn('certificate', 'text')
      .addColumn('chain', 'text', (col) => col.notNull())
      .addColumn('protocol', 'text')
      .addColumn('cipher', 'text')
      .addColumn('ocsp_stapled', 'integer', (col) => col.notNull())
      .addColumn('chain_complete', 'integer', (col) => col.notNull())
      .addColumn('trusted', 'integer', (col) => col.notNull())
      .addColumn('hostname_match', 'integer', (col) => col.notNull())
      .addColumn('days_remaining', 'integer')
      .addColumn('problems', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('ssl_checks_monitor_idx')
      .on('ssl_checks')
      .columns(['monitor_id', 'checked_at'])
      .execute();
    await db.schema.createIndex('ssl_checks_checked_at_idx').on('ssl_checks').column('checked_at').execute();

    await db.schema
      .createTable('monitor_ssl_state')
      .addColumn('monitor_id', 'text', (col) =>
        col.primaryKey().references('monitors.id').onDelete('cascade'),
      )
      .addColumn('next_check_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('claimed_by', 'text')
      .addColumn('last_fingerprint', 'text')
      .addColumn('last_checked_at', 'bigint')
      .addColumn('valid_to', 'bigint')
      .addColumn('problem_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('problem_codes', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('warned_fingerprint', 'text')
      .addColumn('warned_days', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('in_warning_window', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('monitor_ssl_state_due_idx')
      .on('monitor_ssl_state')
      .column('next_check_at')
      .execute();
  },
};
