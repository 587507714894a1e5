// Status pages people read (issue 20): the language a page is written in ('auto' follows the
// visitor's browser).
import type { Kysely } from 'kysely';
import type { Migration } from '../migrate.ts';

export const statusPageLayout: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('status_pages')
      .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
      .execute();
  },
};
