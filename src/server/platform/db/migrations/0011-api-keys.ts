// API keys (stored as a SHA-256 hash and a short visible prefix) and the per-minute request
// windows that rate-limit them across every web process sharing the database.
import type { Kysely } from 'kysely';
import type { Migration } from './migration.ts';

export const apiKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('prefix', 'text', (col) => col.notNull())
      .addColumn('hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('api_keys_user_idx')
      .on('api_keys')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('api_key_windows')
      .addColumn('key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('requests', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('api_key_windows_pk', ['key_id', 'window_start'])
      .execute();
  },
};
