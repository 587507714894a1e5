// How each dialect keeps two writers off the same rows, behind names, so features never branch on
// the dialect. PostgreSQL has many connections and locks rows; SQLite has one connection, whose
// writes already run one after another, so there these lock nothing.
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Dialect } from './connect.ts';
import type { Database } from './schema.ts';

/** One connection: a write waits for the one before it, so work that would run beside it runs in turn. */
export function writesInTurn(dialect: Dialect): boolean {
  return dialect !== 'postgres';
}

/** A select that row-locks what it reads until the transaction ends (PostgreSQL's `for update`). */
export function lockingRead<Query extends { forUpdate(): Query }>(dialect: Dialect, query: Query): Query {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/** Locks monitors by id, in id order so two transactions locking overlapping sets cannot deadlock. */
export async function lockMonitors(tx: Transaction<Database>, dialect: Dialect, ids: readonly string[]) {
  if (dialect !== 'postgres' || ids.length === 0) return;
  await sql`select id from monitors where id in (${sql.join(ids)}) order by id for update`.execute(tx);
}

/** `returning` every column of the updated table, named as each dialect allows beside a `from` list. */
export function returningAllOf(dialect: Dialect, table: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`${sql.raw(table)}.*` : sql`*`;
}

/**
 * What locates a row for a delete: PostgreSQL's ctid (a TID scan; by key it plans a hash join
 * over the whole table), SQLite's primary key (check_results has no rowid).
 */
export function rowLocator(dialect: Dialect, alias: string, key: readonly string[]): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`${sql.raw(alias)}.ctid`
    : sql.join(key.map((column) => sql.ref(`${alias}.${column}`)));
}

/** Deletes the rows `located` names (selected with rowLocator), returning what `returning` says. */
export function deleteLocated<Row>(
  dialect: Dialect,
  table: string,
  key: readonly string[],
  located: RawBuilder<unknown>,
  returning: RawBuilder<unknown>,
): RawBuilder<Row> {
  if (dialect === 'postgres')
    return sql<Row>`delete from ${sql.table(table)} where ctid = any(array(${located})) ${returning}`;
  const columns = sql.join(key.map((column) => sql.ref(column)));
  return sql<Row>`delete from ${sql.table(table)} where (${columns}) in (${located}) ${returning}`;
}
