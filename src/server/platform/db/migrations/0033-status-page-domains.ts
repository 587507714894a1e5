// Status pages on the customer's own domain, behind a password or for members only, with header
// links, a footer line and a favicon (issue 20). A custom hostname is unique across all pages (the
// Host header picks the page through that index) and serves only once its TXT record verified.
// Password attempts are counted per page, client address and fixed window, like API key windows.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const statusPageDomains: Migration = {
  async up(db: Kysely<unknown>) {
    const add = (column: string, type: 'text' | 'bigint') =>
      db.schema.alterTable('status_pages').addColumn(column, type).execute();
    await add('custom_domain', 'text');
    await add('domain_token', 'text');
    await add('domain_verified_at', 'bigint');
    await add('domain_checked_at', 'bigint');
    await add('domain_check_error', 'text');
    await add('password_hash', 'text');
    await add('footer_text', 'text');
    await add('favicon_url', 'text');
    await add('header_links', 'text');
    await db.schema
      .alterTable('status_pages')
      .addColumn('access', 'text', (col) => col.notNull().defaultTo('public'))
      .execute();
    await db.schema
      .createIndex('status_pages_custom_domain_idx')
      .on('status_pages')
      .column('custom_domain')
      .unique()
      .execute();

    await db.schema
      .createTable('status_page_access_windows')
      .addColumn('status_page_id', 'text', (col) =>
        col.notNull().references('status_pages.id').onDelete('cascade'),
      )
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('status_page_access_windows_pk', ['status_page_id', 'address', 'window_start'])
      .execute();
  },
};
