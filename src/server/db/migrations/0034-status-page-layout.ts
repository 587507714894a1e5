// Status pages people read (issue 20): the language a page is written in ('auto' follows the
// visitor's browser) and its sections. Sections are JSON on the page's row: they are only ever
// read and written whole, with their page, so the public page reads them without a query more.
import type { Kysely } from 'kysely';
import type { Migration } from '../migrate.ts';

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
  },
};
