// A throwaway, migrated PostgreSQL schema reachable by a DATABASE_URL, for tests that run real
// upwatch processes against PostgreSQL.
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { connectDatabase, type DatabaseHandle } from '../platform/db/connect.ts';
import { createMigratedPostgresSchema } from './migrated-template.ts';

const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresSchema {
  /** A DATABASE_URL whose connections use this schema. */
  url: string;
  /** A migrated connection into the schema. */
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

export async function createPostgresSchema(prefix: string): Promise<PostgresSchema> {
  const schema = `${prefix}_${uuidv7().replaceAll('-', '')}`;
  const admin = connectDatabase({ dialect: 'postgres', url: baseUrl }, { poolSize: 1 });
  await createMigratedPostgresSchema(baseUrl, schema);
  const handle = connectDatabase({ dialect: 'postgres', url: baseUrl }, { searchPath: schema, poolSize: 4 });
  const separator = baseUrl.includes('?') ? '&' : '?';
  return {
    url: `${baseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    handle,
    async drop() {
      await handle.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.destroy();
    },
  };
}
