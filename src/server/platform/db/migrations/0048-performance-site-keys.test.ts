import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertOwner } from '../../../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { PerformanceSiteTable } from '../performance-schema.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

function siteRow(workspaceId: string, id: string, managedKey: string | null): PerformanceSiteTable {
  const now = Date.now();
  return {
    id,
    workspace_id: workspaceId,
    managed_key: managedKey,
    url: `https://${id}.example.com/`,
    name: id,
    device: 'mobile',
    monitor_id: null,
    budgets: '[]',
    next_run_at: now,
    created_at: now,
    updated_at: now,
  };
}

it('keeps a site key unique within a workspace, and lets any number of sites have none', async () => {
  const { db, dialect } = database;
  const owner = await insertOwner(db, dialect);
  const other = await insertOwner(db, dialect);
  await db
    .insertInto('performance_sites')
    .values([
      siteRow(owner, 'a', null),
      siteRow(owner, 'b', null),
      siteRow(owner, 'c', 'shop'),
      // Another workspace's file may use the same key.
      siteRow(other, 'd', 'shop'),
    ])
    .execute();
  await expect(
    db
      .insertInto('performance_sites')
      .values(siteRow(owner, 'e', 'shop'))
      .execute(),
  ).rejects.toThrow(/unique/i);
  const keys = await db
    .selectFrom('performance_sites')
    .select('managed_key')
    .where('workspace_id', '=', owner)
    .orderBy('id')
    .execute();
  expect(keys.map((row) => row.managed_key ?? null)).toEqual([null, null, 'shop']);
});
