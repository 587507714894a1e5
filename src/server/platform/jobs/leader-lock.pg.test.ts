// Two Upwatch schemas in one PostgreSQL database are two installations: a leader-only job of one
// never waits for the other's. Two processes on one schema still take turns.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createLeaderLock } from './leader-lock.ts';
import { holdLock } from './test/hold-lock.ts';

const KEY = 4_242;
let production: TestDatabase;
let staging: TestDatabase;
beforeEach(async () => {
  production = await createTestDatabase();
  staging = await createTestDatabase();
});
afterEach(async () => {
  await production.destroy();
  await staging.destroy();
});

it("runs a schema's job while another schema's holds the same key, and skips a second holder in one schema", async () => {
  // Two processes of production, each with its own connection pool, and one of staging.
  const secondProcess = production.reconnect();
  try {
    const first = createLeaderLock(production.db, 'postgres', KEY);
    const second = createLeaderLock(secondProcess.db, 'postgres', KEY);
    const other = createLeaderLock(staging.db, 'postgres', KEY);
    const holding = await holdLock(first);

    expect(await second.run(async () => 'second')).toBeUndefined();
    expect(await other.run(async () => 'staging')).toBe('staging');

    holding.release();
    expect(await holding.finished).toBe('held');
    // Released: the second process takes its turn.
    expect(await second.run(async () => 'second')).toBe('second');
  } finally {
    await secondProcess.destroy();
  }
});

it("keeps a job's outcome when the lock's connection is killed while it runs, and takes the lock again next time", async () => {
  const lock = createLeaderLock(production.db, 'postgres', KEY);
  let killed = 0;
  const outcome = await lock.run(async () => {
    // The lock's connection: not this query's, holding the advisory lock (two keys: KEY, schema).
    const { rows } = await sql<{ pid: number }>`
      select pg_terminate_backend(l.pid), l.pid from pg_locks l
       where l.locktype = 'advisory' and l.pid <> pg_backend_pid() and l.classid = ${KEY}
         and l.objid::int = hashtext(current_schema())`.execute(production.db);
    killed = rows.length;
    return 'stored';
  });
  expect(killed).toBe(1);
  expect(outcome).toBe('stored');
  expect(await lock.run(async () => 'again')).toBe('again');
});
