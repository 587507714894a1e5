import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertMonitors, insertOwner, monitorRow } from '../../../test/monitor-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

it('keeps a managed key unique within a workspace, and lets any number of monitors have none', async () => {
  const { db, dialect } = database;
  const owner = await insertOwner(db, dialect);
  const other = await insertOwner(db, dialect);
  const now = Date.now();
  await insertMonitors(db, [
    monitorRow(owner, 'https://a.example.com', now),
    monitorRow(owner, 'https://b.example.com', now),
    monitorRow(owner, 'https://c.example.com', now, { managed_key: 'api' }),
    // Another workspace's file may use the same key.
    monitorRow(other, 'https://d.example.com', now, { managed_key: 'api' }),
  ]);
  await expect(
    insertMonitors(db, [monitorRow(owner, 'https://e.example.com', now, { managed_key: 'api' })]),
  ).rejects.toThrow(/unique/i);
  const keys = await db
    .selectFrom('monitors')
    .select('managed_key')
    .where('workspace_id', '=', owner)
    .execute();
  expect(keys.map((row) => row.managed_key).sort()).toEqual(['api', null, null]);
});
