// Status page subscribers remember the language they signed up in (issue 20): a page set to
// 'auto' answers each visitor in their browser's language, so its mails speak the language the
// subscriber's browser asked for at sign-up. Earlier sign-ups have none and keep getting English.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const subscriberLanguage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('status_page_subscribers').addColumn('language', 'text').execute();
  },
};
