// Monitoring as code (issue 22): a resource written by `upwatch apply` carries the stable key it
// has in upwatch.yaml, so the next apply finds it again whatever its name became, and the app can
// say which resources a file manages. Keys are unique within a workspace; resources made in the
// app have none (NULL, which unique indexes allow many times on both dialects).
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

const TABLES = [
  'monitors',
  'alert_channels',
  'status_pages',
  'maintenance_windows',
  'escalation_policies',
] as const;

export const managedKeys: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('managed_key', 'text').execute();
      await db.schema
        .createIndex(`${table}_managed_key_idx`)
        .on(table)
        .columns(['user_id', 'managed_key'])
        .unique()
        .execute();
    }
  },
};
