// Indexes the retention pass needs so no prune scans a table: incidents age by resolution per
// owner, and deleting an incident cascades to children that had no index on incident_id.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const retentionIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('incidents_user_resolved_idx')
      .on('incidents')
      .columns(['user_id', 'resolved_at'])
      .execute();
    for (const table of ['incident_updates', 'incident_notes', 'alert_deliveries']) {
      await db.schema.createIndex(`${table}_incident_idx`).on(table).column('incident_id').execute();
    }
  },
};
