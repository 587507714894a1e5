// Performance sites in upwatch.yaml (issue 42, item 8): a site written by `upwatch apply` carries
// the stable key it has in the file, as 0037 gave monitors, channels, pages, windows and policies.
// Unique within a workspace; sites made in the app have none (NULL, allowed many times on both).
import type { Migration } from './migration.ts';

export const performanceSiteKeys: Migration = {
  async up(db) {
    await db.schema.alterTable('performance_sites').addColumn('managed_key', 'text').execute();
    await db.schema
      .createIndex('performance_sites_managed_key_idx')
      .on('performance_sites')
      .columns(['workspace_id', 'managed_key'])
      .unique()
      .execute();
  },
};
