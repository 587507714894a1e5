import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { migrateToLatest } from './migrate.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

it('is idempotent: a second run applies nothing and keeps the data', async () => {
  await database.db
    .insertInto('rateLimit')
    .values({ id: 'r1', key: 'k', count: 1, lastRequest: 1_700_000_000_000 })
    .execute();
  expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
  const row = await database.db.selectFrom('rateLimit').selectAll().executeTakeFirstOrThrow();
  // BIGINT comes back as a number on both dialects.
  expect(row.lastRequest).toBe(1_700_000_000_000);
});

it('creates the account tables with cascading deletes from users', async () => {
  const { db } = database;
  const now = new Date().toISOString();
  const date = database.dialect === 'sqlite' ? now : new Date(now);
  await db
    .insertInto('user')
    .values({
      id: 'u1',
      name: 'A',
      email: 'a@x.test',
      emailVerified: database.dialect === 'sqlite' ? 0 : false,
      image: null,
      createdAt: date,
      updatedAt: date,
      timezone: 'UTC',
    })
    .execute();
  await db
    .insertInto('session')
    .values({
      id: 's1',
      token: 't1',
      userId: 'u1',
      expiresAt: date,
      createdAt: date,
      updatedAt: date,
      ipAddress: null,
      userAgent: null,
    })
    .execute();
  await db.deleteFrom('user').where('id', '=', 'u1').execute();
  expect(await db.selectFrom('session').selectAll().execute()).toEqual([]);
});
