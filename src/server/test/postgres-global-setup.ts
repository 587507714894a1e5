// Vitest global setup for the PostgreSQL suite: a prefix for this run's test schemas, so the
// schemas test processes keep for reuse (test-db.ts) are found and dropped when the run ends,
// and only this run's (other runs may share the database).
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { connectDatabase } from '../platform/db/connect.ts';

export const REUSABLE_SCHEMA_PREFIX = 'UPWATCH_TEST_SCHEMA_PREFIX';

export default function setup() {
  if (process.env.UPWATCH_TEST_DB !== 'postgres') return;
  // Test processes start after this and inherit the variable.
  const prefix = `test_r${uuidv7().replaceAll('-', '').slice(-12)}_`;
  process.env[REUSABLE_SCHEMA_PREFIX] = prefix;
  return async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const admin = connectDatabase({ dialect: 'postgres', url }, { poolSize: 1 });
    try {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_namespace where starts_with(nspname, ${prefix})`.execute(admin.db);
      for (const { name } of rows) await sql`drop schema ${sql.id(name)} cascade`.execute(admin.db);
    } finally {
      await admin.destroy();
    }
  };
}
