import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { executeRows } from './row-statements.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

async function names(): Promise<string[]> {
  const rows = await database.db.selectFrom('check_regions').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

it('compiles a shape once, and binds later batches of it (in transactions too) to that text', async () => {
  const { db } = database;
  let builds = 0;
  const insert = (rows: { name: string }[]) =>
    executeRows(db, 'regions', rows, () => {
      builds += 1;
      return db.insertInto('check_regions').values(rows);
    });

  await insert([{ name: 'a1' }, { name: 'a2' }]);
  await insert([{ name: 'b1' }, { name: 'b2' }]);
  await db.transaction().execute((tx) =>
    executeRows(tx, 'regions', [{ name: 'c1' }, { name: 'c2' }], () => {
      builds += 1;
      return tx.insertInto('check_regions').values([{ name: 'c1' }, { name: 'c2' }]);
    }),
  );
  expect(builds).toBe(1);
  // Another row count is another text.
  await insert([{ name: 'd1' }, { name: 'd2' }, { name: 'd3' }, { name: 'd4' }]);
  expect(builds).toBe(2);
  expect(await names()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'd1', 'd2', 'd3', 'd4']);
});

it('builds every batch that has an undefined value, which Kysely leaves out of the text', async () => {
  const { db } = database;
  let builds = 0;
  for (const name of ['x', 'y']) {
    const rows = [{ id: undefined, name }];
    await executeRows(db, 'regions-without-id', rows, () => {
      builds += 1;
      return db.insertInto('check_regions').values(rows);
    });
  }
  expect(builds).toBe(2);
  expect(await names()).toEqual(['x', 'y']);
});

it('keeps no text whose values Kysely bound in another order, and stores each batch as built', async () => {
  const { db } = database;
  let builds = 0;
  for (const [first, second] of [
    ['p', 'q'],
    ['r', 's'],
  ] as const) {
    // The rows say one order; the statement binds them in the reverse one.
    await executeRows(db, 'regions-reversed', [{ name: first }, { name: second }], () => {
      builds += 1;
      return db.insertInto('check_regions').values([{ name: second }, { name: first }]);
    });
  }
  expect(builds).toBe(2);
  expect(await names()).toEqual(['p', 'q', 'r', 's']);
});
