// A maintenance window with nothing left to run (no occurrence in progress, none scheduled) ages
// out like the incidents it would explain: `completed_at` is when it completed, null while it may
// still run, and retention prunes by (workspace, completed_at). Windows opened by deployments
// otherwise piled up one per deploy, forever.
import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.ts';

export const maintenanceCompleted: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('maintenance_windows').addColumn('completed_at', 'bigint').execute();
    // Completed before this release: from its last end, or (finished before last_ended_at was
    // kept) from its first occurrence's end.
    await sql`
      update maintenance_windows
      set completed_at = coalesce(last_ended_at, starts_at + duration_minutes * 60000)
      where next_transition_at is null`.execute(db);
    await db.schema
      .createIndex('maintenance_windows_completed_idx')
      .on('maintenance_windows')
      .columns(['user_id', 'completed_at'])
      .execute();
  },
};
