// Status page subscribers (issue 20): visitors subscribe to a page by email or webhook and are told
// about its incidents and maintenance. An event writes one notice row in its own transaction
// (nothing per subscriber, so the check path stays cheap); the subscriber job expands a notice
// into one delivery per confirmed subscriber, then sends the deliveries, each found through a
// partial index on its due column. Sign-ups are counted per hour in the database, so the rate
// limit holds across several `serve` processes.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const statusPageSubscribers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('status_page_subscribers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('status_page_id', 'text', (col) =>
        col.notNull().references('status_pages.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('monitor_ids', 'text')
      .addColumn('confirmed_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // One subscription per address per page; it also serves the page's list, oldest first.
    await db.schema
      .createIndex('status_page_subscribers_address_idx')
      .on('status_page_subscribers')
      .columns(['status_page_id', 'kind', 'address'])
      .unique()
      .execute();
    await db.schema
      .createIndex('status_page_subscribers_page_idx')
      .on('status_page_subscribers')
      .columns(['status_page_id', 'id'])
      .execute();
    // The check path asks whether a workspace has anyone to tell before it writes a notice.
    await db.schema
      .createIndex('status_page_subscribers_confirmed_idx')
      .on('status_page_subscribers')
      .column('user_id')
      .where(sql<boolean>`confirmed_at is not null`)
      .execute();

    await db.schema
      .createTable('status_page_notices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('monitor_ids', 'text')
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('fanout_at', 'bigint')
      .addColumn('fanout_cursor', 'text')
      .execute();
    await db.schema
      .createIndex('status_page_notices_fanout_idx')
      .on('status_page_notices')
      .column('fanout_at')
      .where(sql<boolean>`fanout_at is not null`)
      .execute();
    // Retention prunes a workspace's notices by age (their deliveries go with them).
    await db.schema
      .createIndex('status_page_notices_user_idx')
      .on('status_page_notices')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('status_page_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('status_page_subscribers.id').onDelete('cascade'),
      )
      .addColumn('notice_id', 'text', (col) => col.references('status_page_notices.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('claimed_until', 'bigint')
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // Exactly one delivery of a notice per subscriber, however often its expansion is retried.
    await db.schema
      .createIndex('status_page_deliveries_notice_idx')
      .on('status_page_deliveries')
      .columns(['notice_id', 'subscriber_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('status_page_deliveries_subscriber_idx')
      .on('status_page_deliveries')
      .column('subscriber_id')
      .execute();
    await db.schema
      .createIndex('status_page_deliveries_due_idx')
      .on('status_page_deliveries')
      .column('next_attempt_at')
      .where(sql<boolean>`next_attempt_at is not null`)
      .execute();

    await db.schema
      .createTable('status_page_signup_windows')
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('status_page_signup_windows_pk', ['key', 'window_start'])
      .execute();
    // A new hour clears the hours before it in one indexed delete.
    await db.schema
      .createIndex('status_page_signup_windows_start_idx')
      .on('status_page_signup_windows')
      .column('window_start')
      .execute();
  },
};
