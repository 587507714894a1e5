// The integration suite runs on SQLite (`npm test`) or PostgreSQL (`npm run test:pg`, which
// sets UPWATCH_TEST_DB=postgres); each database here is fresh and private to its caller.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { type ConnectOptions, connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { copyMigratedSqlite, createMigratedPostgresSchema } from './migrated-template.ts';

export const testDialect = process.env.UPWATCH_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase extends DatabaseHandle {
  /** Connects again to the same database, as a restarted process would. */
  reconnect(): DatabaseHandle;
}

/**
 * `poolSize`: PostgreSQL connections (concurrency tests need more than the default 4).
 * `until`: migrate only up to that migration, as an earlier release left the database.
 */
export async function createTestDatabase({
  poolSize = 4,
  until,
}: {
  poolSize?: number;
  until?: string;
} = {}): Promise<TestDatabase> {
  if (testDialect === 'postgres') {
    const schema = `test_${uuidv7().replaceAll('-', '')}`;
    const admin = connectDatabase({ dialect: 'postgres', url: postgresUrl }, { poolSize: 1 });
    const options: ConnectOptions = { searchPath: schema, poolSize };
    if (until === undefined) await createMigratedPostgresSchema(postgresUrl, schema);
    else await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const handle = connectDatabase({ dialect: 'postgres', url: postgresUrl }, options);
    if (until !== undefined) await migrateToLatest(handle.db, handle.dialect, until);
    return {
      ...handle,
      reconnect: () => connectDatabase({ dialect: 'postgres', url: postgresUrl }, options),
      async destroy() {
        await handle.destroy();
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'upwatch-test-'));
  const file = path.join(dir, 'upwatch.db');
  if (until === undefined) await copyMigratedSqlite(file);
  const handle = connectDatabase({ dialect: 'sqlite', file });
  if (until !== undefined) await migrateToLatest(handle.db, handle.dialect, until);
  return {
    ...handle,
    reconnect: () => connectDatabase({ dialect: 'sqlite', file }),
    async destroy() {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
