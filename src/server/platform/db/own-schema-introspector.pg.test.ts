// Needs PostgreSQL. Kysely's own introspector names every schema it sees, so a schema dropped by
// another connection after the reading statement's snapshot makes it fail; Upwatch's reads only
// its own schema. A repeatable-read transaction holds the snapshot so the race happens every time.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ours = `own_${uuidv7().replaceAll('-', '')}`;
const pools: pg.Pool[] = [];

function pool(searchPath?: string): pg.Pool {
  const created = new pg.Pool({
    connectionString: url,
    max: 2,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  pools.push(created);
  return created;
}

const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: pool() }) });

beforeAll(async () => {
  await sql`create schema ${sql.id(ours)}`.execute(admin);
  await sql`create table ${sql.id(ours)}.kysely_migration (name text primary key)`.execute(admin);
});
afterAll(async () => {
  await sql`drop schema if exists ${sql.id(ours)} cascade`.execute(admin);
  await Promise.all(pools.map((p) => p.end()));
});

/** Runs `introspect` inside a snapshot taken before another connection drops a schema. */
async function whileASchemaIsDropped(
  dialect: (pool: pg.Pool) => PostgresDialect,
  introspect: (db: Kysely<unknown>) => Promise<unknown>,
): Promise<unknown> {
  const doomed = `doomed_${uuidv7().replaceAll('-', '')}`;
  await sql`create schema ${sql.id(doomed)}`.execute(admin);
  await sql`create table ${sql.id(doomed)}.t (id int)`.execute(admin);
  const db = new Kysely<unknown>({ dialect: dialect(pool(ours)) });
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      await sql`select 1`.execute(tx);
      await sql`drop schema ${sql.id(doomed)} cascade`.execute(admin);
      return introspect(tx);
    });
}

it("Kysely's own introspector fails on a schema dropped meanwhile; Upwatch's reads its own schema and does not", async () => {
  await expect(
    whileASchemaIsDropped(
      (p) => new PostgresDialect({ pool: p }),
      (db) => db.introspection.getTables({ withInternalKyselyTables: true }),
    ),
  ).rejects.toThrow(/schema "doomed_\w+" does not exist/);

  const tables = await whileASchemaIsDropped(
    (p) => new OwnSchemaPostgresDialect({ pool: p }),
    (db) => db.introspection.getTables({ withInternalKyselyTables: true }),
  );
  expect(tables).toEqual([{ name: 'kysely_migration', schema: ours, isView: false, columns: [] }]);
});
