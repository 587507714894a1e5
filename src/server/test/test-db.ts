// The integration suite runs on SQLite (`npm test`) or PostgreSQL (`npm run test:pg`, which
// sets UPWATCH_TEST_DB=postgres); each database here is fresh and private to its caller.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { type ConnectOptions, connectDatabase, type DatabaseHandle } from '../platform/db/connect.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import {
  copyMigratedSqlite,
  createMigratedPostgresSchema,
  resetMigratedPostgresSchema,
} from './migrated-template.ts';
import { REUSABLE_SCHEMA_PREFIX } from './postgres-global-setup.ts';

export const testDialect = process.env.UPWATCH_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Migrated schemas a finished test left empty again (resetMigratedPostgresSchema), for this
 * process's next tests. Only under the run's prefix (postgres-global-setup.ts), whose teardown
 * drops them; without one each schema is dropped when its test ends.
 */
const emptied: string[] = [];
const reusePrefix = process.env[REUSABLE_SCHEMA_PREFIX];

async function releasePostgresSchema(schema: string, admin: DatabaseHandle): Promise<void> {
  if (reusePrefix && schema.startsWith(reusePrefix)) {
    try {
      if (await resetMigratedPostgresSchema(postgresUrl, schema)) {
        emptied.push(schema);
        return;
      }
    } catch {
      // Dropped instead, as without reuse.
    }
  }
  await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
}

export interface TestDatabase extends DatabaseHandle {
  /** Connects again to the same database, as a restarted process would. */
  reconnect(): DatabaseHandle;
}

/**
 * `poolSize`: PostgreSQL connections (concurrency tests need more than the default 4).
 * `until`: migrate only up to that migration, as an earlier release left the database.
 * `pristine`: on PostgreSQL, a schema no test has used. An emptied one holds the same rows as a
 * new one, but its tables keep their files' size and their statistics, which query plans read:
 * tests of plans ask for this.
 */
export async function createTestDatabase({
  poolSize = 4,
  until,
  pristine = false,
}: {
  poolSize?: number;
  until?: string;
  pristine?: boolean;
} = {}): Promise<TestDatabase> {
  if (testDialect === 'postgres') {
    const reused = until === undefined && !pristine ? emptied.pop() : undefined;
    const schema = reused ?? `${reusePrefix ?? 'test_'}${uuidv7().replaceAll('-', '')}`;
    const admin = connectDatabase({ dialect: 'postgres', url: postgresUrl }, { poolSize: 1 });
    const options: ConnectOptions = { searchPath: schema, poolSize };
    if (reused) {
      // Already a fresh copy of the migrated schema.
    } else if (until === undefined) await createMigratedPostgresSchema(postgresUrl, schema);
    else await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const handle = connectDatabase({ dialect: 'postgres', url: postgresUrl }, options);
    if (until !== undefined) await migrateToLatest(handle.db, handle.dialect, until);
    return {
      ...handle,
      reconnect: () => connectDatabase({ dialect: 'postgres', url: postgresUrl }, options),
      async destroy() {
        await handle.destroy();
        // A schema migrated only part of the way is never reused.
        if (until === undefined) await releasePostgresSchema(schema, admin);
        else await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
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
