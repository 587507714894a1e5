// API keys belong to a workspace (issue 18): `user_id` holds the workspace (each key so far was
// made in its maker's personal workspace, whose id is theirs), `created_by` the person who made
// it, and `role` what it may do there: member (read and write) or viewer (read only).
import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const workspaceApiKeys: Migration = {
  async up(db) {
    await db.schema.alterTable('api_keys').addColumn('created_by', 'text').execute();
    await db.schema
      .alterTable('api_keys')
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
      .execute();
    await sql`update api_keys set created_by = user_id`.execute(db);
  },
};
