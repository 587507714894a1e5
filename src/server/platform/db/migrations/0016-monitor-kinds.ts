// Monitors get a kind. Every monitor so far checked an HTTP URL, so each becomes kind 'http' and
// keeps its columns; the other kinds keep their settings as JSON in `config`, and `url` holds
// any kind's target as a URL (tcp://host:port, dns://name/A) so lists and searches read one column.
// A check result may carry its kind's facts (DNS answers) as JSON in `facts`.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const monitorKinds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('monitors')
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo(sql.lit('http')))
      .execute();
    await db.schema.alterTable('monitors').addColumn('config', 'text').execute();
    await db.schema.alterTable('check_results').addColumn('facts', 'text').execute();
  },
};
