// Email digests: per-user settings and the reports built for each period. The unique key on
// (owner, frequency, period start) is what keeps two processes from sending one period twice.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const digests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('digest_settings')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('frequency', 'text', (col) => col.notNull())
      .addColumn('weekday', 'integer', (col) => col.notNull())
      .addColumn('hour', 'integer', (col) => col.notNull())
      .addColumn('last_preview_at', 'bigint')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('digest_reports')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('frequency', 'text', (col) => col.notNull())
      .addColumn('period_start', 'bigint', (col) => col.notNull())
      .addColumn('period_end', 'bigint', (col) => col.notNull())
      .addColumn('html', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint')
      .addUniqueConstraint('digest_reports_period_unique', ['user_id', 'frequency', 'period_start'])
      .execute();
    await db.schema
      .createIndex('digest_reports_user_created_idx')
      .on('digest_reports')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    // Retention prunes by age across all owners.
    await db.schema
      .createIndex('digest_reports_created_idx')
      .on('digest_reports')
      .column('created_at')
      .execute();
  },
};
