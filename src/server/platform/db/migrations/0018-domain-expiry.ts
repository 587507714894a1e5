// Domain expiry: one row per registrable domain (when it expires, who registered it, when it was
// last looked up over RDAP, when the next lookup is due and the claim that runs it), the link of
// each opted-in monitor to its domain with the warnings already sent to it, and the per-monitor
// opt-in itself. Existing monitors start with it off.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const domainExpiry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('monitors')
      .addColumn('domain_expiry', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('domain_expiry')
      .addColumn('domain', 'text', (col) => col.primaryKey())
      .addColumn('expires_at', 'bigint')
      .addColumn('registrar', 'text')
      .addColumn('checked_at', 'bigint')
      .addColumn('error_code', 'text')
      .addColumn('error', 'text')
      .addColumn('next_check_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('claimed_by', 'text')
      .execute();
    await db.schema
      .createIndex('domain_expiry_due_idx')
      .on('domain_expiry')
      .column('next_check_at')
      .execute();

    await db.schema
      .createTable('monitor_domains')
      .addColumn('monitor_id', 'text', (col) =>
        col.primaryKey().references('monitors.id').onDelete('cascade'),
      )
      .addColumn('domain', 'text', (col) => col.notNull())
      .addColumn('warned_expires_at', 'bigint')
      .addColumn('warned_days', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createIndex('monitor_domains_domain_idx')
      .on('monitor_domains')
      .column('domain')
      .execute();
  },
};
