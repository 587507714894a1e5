// Periodic jobs cost what is due, not what exists (issue 17):
// - a certificate state row says whether its monitor's certificate is checked at all (`active`:
//   https and not paused), so the claim is one search of a partial index instead of a look at
//   every monitor; the job keeps the flag in step through an index on monitors.updated_at;
// - the billing period pass finds due products through indexes on each kind of due date;
// - retention prunes every owner at once against each owner's plan, noted per pass.
// Indexes and the table are created only if missing; the migrator applies it once per database.
import { type Kysely, sql } from 'kysely';
import type { DialectTypes } from '../dialect.ts';
import type { Migration } from './migration.ts';

export const dueIndexes: Migration = {
  async up(db: Kysely<unknown>, types: DialectTypes) {
    // The migrator runs this once per database; the column has no IF NOT EXISTS on SQLite.
    await db.schema
      .alterTable('monitor_ssl_state')
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update monitor_ssl_state set active = 1 where monitor_id in (
      select id from monitors where paused = 0 and lower(substr(url, 1, 6)) = 'https:')`.execute(db);
    await db.schema.dropIndex('monitor_ssl_state_due_idx').ifExists().execute();
    await db.schema
      .createIndex('monitor_ssl_state_active_due_idx')
      .ifNotExists()
      .on('monitor_ssl_state')
      .column('next_check_at')
      .where(sql.ref('active'), '=', sql.lit(1))
      .execute();
    await db.schema
      .createIndex('monitors_updated_idx')
      .ifNotExists()
      .on('monitors')
      .column('updated_at')
      .execute();

    for (const column of ['started_at', 'current_period_end', 'trial_ends_at']) {
      await db.schema
        .createIndex(`billing_products_status_${column}_idx`)
        .ifNotExists()
        .on('billing_products')
        .columns(['status', column])
        .execute();
    }

    await db.schema
      .createTable('retention_owner_plans')
      .ifNotExists()
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('plan_id', 'text', (col) => col.notNull())
      .addColumn('noted_at', 'bigint', (col) => col.notNull())
      // Walked in owner order a page at a time: on SQLite the rows live in the key's B-tree.
      .modifyEnd(types.clusteredTable)
      .execute();
  },
};
