// Status pages people read (issue 20): the language a page is written in ('auto' follows the
// visitor's browser) and its sections. Sections are JSON on the page's row: they are only ever
// read and written whole, with their page, so the public page reads them without a query more.
// A maintenance window remembers its last finished occurrence (pages list it as completed for a
// week) and carries public updates, short timestamped messages shown under it on pages.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const statusPageLayout: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('status_pages')
      .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
      .execute();
    await db.schema
      .alterTable('status_pages')
      .addColumn('sections', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();

    await db.schema.alterTable('maintenance_windows').addColumn('last_started_at', 'bigint').execute();
    await db.schema.alterTable('maintenance_windows').addColumn('last_ended_at', 'bigint').execute();
    await db.schema
      .createTable('maintenance_updates')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('organization.id').onDelete('cascade'))
      .addColumn('window_id', 'text', (col) =>
        col.notNull().references('maintenance_windows.id').onDelete('cascade'),
      )
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // A page reads the updates of the windows it shows, newest first.
    await db.schema
      .createIndex('maintenance_updates_window_idx')
      .on('maintenance_updates')
      .columns(['window_id', 'created_at'])
      .execute();
  },
};
