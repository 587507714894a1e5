// HTTP assertions: the http kind's checks on the JSON body and response headers, as a JSON array
// in `assertions` (see core/api/monitor-kinds/http-assertions.ts). Null means none, which is what
// every existing monitor has.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const httpAssertions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('monitors').addColumn('assertions', 'text').execute();
  },
};
