// Public status pages: a user's page (slug unique across all users, since it is the public URL),
// the monitors it shows in display order (a monitor may be on several pages), and the per-monitor
// public flag behind /status/monitor/{id} and the badges.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const statusPages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('monitors')
      .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('status_pages')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('logo_url', 'text')
      .addColumn('accent_color', 'text')
      .addColumn('published', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('show_response_times', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('remove_branding', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('status_pages_user_idx')
      .on('status_pages')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('status_page_monitors')
      .addColumn('status_page_id', 'text', (col) =>
        col.notNull().references('status_pages.id').onDelete('cascade'),
      )
      .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('display_name', 'text')
      .addPrimaryKeyConstraint('status_page_monitors_pk', ['status_page_id', 'monitor_id'])
      .execute();
    await db.schema
      .createIndex('status_page_monitors_monitor_idx')
      .on('status_page_monitors')
      .column('monitor_id')
      .execute();
  },
};
