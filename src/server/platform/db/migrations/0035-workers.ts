// Regions are live workers (issue 21): each worker process keeps a row here, refreshed every few
// seconds with what it did in the last minute; a row gone quiet marks a dead worker whose claims
// the others release, and a region none of whose workers was seen lately is offline.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const workers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('region', 'text', (col) => col.notNull())
      .addColumn('host', 'text', (col) => col.notNull())
      .addColumn('pid', 'integer', (col) => col.notNull())
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      // Set when it stopped cleanly or was found dead (its claims then released).
      .addColumn('stopped_at', 'bigint')
      .addColumn('checks_per_minute', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('lag_p99_ms', 'integer')
      .execute();
  },
};
