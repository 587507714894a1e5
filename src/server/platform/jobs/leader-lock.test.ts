// One process never overlaps a leader-only job with itself: a pass still running when the next
// poll comes makes that poll skip, on either dialect.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createLeaderLock } from './leader-lock.ts';
import { holdLock } from './test/hold-lock.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

it('skips a run while the same lock runs one, and runs again once it is done', async () => {
  const lock = createLeaderLock(database.db, database.dialect, 4_243);
  const holding = await holdLock(lock);
  let secondRan = false;
  expect(
    await lock.run(async () => {
      secondRan = true;
      return 'second';
    }),
  ).toBeUndefined();
  expect(secondRan).toBe(false);
  holding.release();
  expect(await holding.finished).toBe('held');
  expect(await lock.run(async () => 'third')).toBe('third');
});
