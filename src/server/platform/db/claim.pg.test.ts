// The claim's contract where PostgreSQL differs from SQLite's single writer: a second connection
// does not wait for another's uncommitted claim (SKIP LOCKED), it takes the rows left free.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { claimDomains, insertDueDomains } from './test/due-domains.ts';

const NOW = 1_800_000_000_000;
let t: TestDatabase;

beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.destroy();
});

it("skips the rows another connection's uncommitted claim holds, without waiting for it", async () => {
  const domains = await insertDueDomains(
    t.db,
    Array.from({ length: 6 }, (_, index) => NOW - index),
  );
  const other = t.reconnect();
  try {
    const [a, b] = await t.db.transaction().execute(async (tx) => {
      const held = await claimDomains(tx, t.dialect, 'a', { now: NOW, limit: 3 });
      return [held, await claimDomains(other.db, t.dialect, 'b', { now: NOW, limit: 3 })];
    });
    expect(a).toHaveLength(3);
    expect([...(a ?? []), ...(b ?? [])].sort()).toEqual(domains.sort());
  } finally {
    await other.destroy();
  }
});
