// The audit log (issue 18): one row per change made in a workspace, written in the change's own
// transaction. The actor's name is kept as it was, so the log still reads after they leave; no
// foreign key to the person or key for the same reason. Rows go with their workspace.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const auditEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('workspace_id', 'text', (col) =>
        col.notNull().references('organization.id').onDelete('cascade'),
      )
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('actor_id', 'text', (col) => col.notNull())
      .addColumn('actor_name', 'text', (col) => col.notNull())
      .addColumn('api_key_id', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('resource_type', 'text', (col) => col.notNull())
      .addColumn('resource_id', 'text')
      .addColumn('resource_name', 'text')
      .addColumn('address', 'text')
      .execute();
    // Newest first per workspace (the log's pages) and oldest first (retention): one index.
    await db.schema
      .createIndex('audit_events_workspace_at_idx')
      .on('audit_events')
      .columns(['workspace_id', 'at', 'id'])
      .execute();
  },
};
