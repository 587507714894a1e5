// Bulk monitor rows written straight to the database, for scheduler tests and benchmarks
// that need thousands of monitors without going through the API one by one.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { initialMonitorState } from '../monitors/repository.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { createPersonalWorkspace } from '../workspaces/personal.ts';

/** A user row alone, as schemas before workspaces (0023) had them. */
export async function insertUserRow(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  const id = uuidv7();
  const now = dialect === 'sqlite' ? new Date().toISOString() : new Date();
  await db
    .insertInto('user')
    .values({
      id,
      name: 'Bulk Owner',
      email: `bulk-${id}@example.test`,
      emailVerified: dialect === 'sqlite' ? 0 : false,
      image: null,
      createdAt: now,
      updatedAt: now,
      timezone: 'UTC',
    })
    .execute();
  return id;
}

/** A user with their personal workspace, as sign-up makes them. */
export async function insertOwner(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  const id = await insertUserRow(db, dialect);
  await createPersonalWorkspace(db, dialect, { id, name: 'Bulk Owner' }, new Date());
  return id;
}

export function monitorRow(
  workspaceId: string,
  url: string,
  now: number,
  overrides: Partial<MonitorTable> = {},
): MonitorTable {
  return {
    id: uuidv7(),
    workspace_id: workspaceId,
    name: 'Bulk monitor',
    kind: 'http',
    url,
    config: null,
    method: 'GET',
    headers: '{}',
    body: null,
    expected_status: '200-399',
    keyword: null,
    keyword_mode: null,
    assertions: null,
    timeout_ms: 10_000,
    follow_redirects: 1,
    ignore_tls_errors: 0,
    degraded_above_ms: null,
    interval_seconds: 3600,
    interval_raised_from_seconds: null,
    is_public: 0,
    domain_expiry: 0,
    ...initialMonitorState(now),
    ...overrides,
  };
}

export async function insertMonitors(db: Kysely<Database>, rows: readonly MonitorTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('monitors')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
