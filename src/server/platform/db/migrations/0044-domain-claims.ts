// Custom domains go to whoever proves DNS control first (issue 40, item 6). A hostname was unique
// across all pages, verified or not, so any account could claim one it did not own and keep its
// real owner out for good. Now it is unique among verified claims only; unverified claims of the
// same hostname may coexist, carry the time they were made (they lapse after 7 days) and are found
// by hostname through a plain index. Claims made before this count from the page's last change.
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const domainClaims: Migration = {
  async up(db) {
    await db.schema.alterTable('status_pages').addColumn('domain_claimed_at', 'bigint').execute();
    await sql`update status_pages set domain_claimed_at = updated_at
      where custom_domain is not null and domain_verified_at is null`.execute(db);
    await db.schema.dropIndex('status_pages_custom_domain_idx').execute();
    await db.schema
      .createIndex('status_pages_verified_custom_domain_idx')
      .on('status_pages')
      .column('custom_domain')
      .unique()
      .where(sql<boolean>`domain_verified_at is not null`)
      .execute();
    await db.schema
      .createIndex('status_pages_custom_domain_idx')
      .on('status_pages')
      .column('custom_domain')
      .execute();
    // The hourly sweep of lapsed claims reads only unverified ones (job-query-plans.test.ts).
    await db.schema
      .createIndex('status_pages_domain_claims_idx')
      .on('status_pages')
      .column('domain_claimed_at')
      .where(sql<boolean>`domain_verified_at is null`)
      .execute();
  },
};
