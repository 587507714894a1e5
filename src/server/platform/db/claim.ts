// The due-work claim every periodic job makes (checks, a region's runs of multi-region monitors,
// certificates, domains, performance runs, alert and subscriber deliveries): one statement takes a
// batch of due rows and marks them held, so no two workers do the same work.
import { type Kysely, type Selectable, type SelectQueryBuilder, sql, type UpdateObject } from 'kysely';
import type { Dialect } from './connect.ts';
import type { Database } from './schema.ts';

export type ClaimTable = keyof Database & string;

export interface DueClaim<
  T extends ClaimTable,
  K extends keyof Selectable<Database[T]> & string,
  DB = Database,
  TB extends keyof DB = T & keyof DB,
> {
  table: T;
  /** The columns naming a row of `table`, joined between the due rows and the update. */
  key: K | readonly K[];
  /** The due rows' keys: the caller's due filter, its ordering and its limit (the batch). */
  due: SelectQueryBuilder<DB, TB, Pick<Selectable<Database[T]>, K>>;
  /** When the due rows join other tables: the alias of the claimed table's, the only rows locked. */
  lockOf?: TB & string;
  /** What holding a row means: its lease (`claimed_until`, or the table's own), its holder, more. */
  set: UpdateObject<Database, T>;
}

/**
 * The due rows as the claim reads them: on PostgreSQL locked, skipping rows another claim holds
 * in a transaction not yet committed, so any number of workers claim at once without waiting on or
 * double-claiming each other's rows. SQLite has a single writer, so the plain select is already
 * exclusive.
 */
export function dueRows<DB, TB extends keyof DB, O>(
  dialect: Dialect,
  due: SelectQueryBuilder<DB, TB, O>,
  lockOf?: TB & string,
): SelectQueryBuilder<DB, TB, O> {
  if (dialect !== 'postgres') return due;
  return (lockOf ? due.forUpdate(lockOf as never) : due.forUpdate()).skipLocked();
}

/**
 * One claim statement: `with due as (<due rows>) update <table> set <set> from due where
 * <table>.<key> = due.<key> returning *`. A CTE runs once (PostgreSQL never inlines one that
 * locks), so LIMIT bounds the claim; an IN (subquery) may be re-run per row by the planner and
 * claim more than asked.
 */
export function claimDue<
  T extends ClaimTable,
  K extends keyof Selectable<Database[T]> & string,
  DB = Database,
  TB extends keyof DB = T & keyof DB,
>(db: Kysely<Database>, dialect: Dialect, { table, key, due, lockOf, set }: DueClaim<T, K, DB, TB>) {
  // Typed by the signature: Kysely cannot follow a table and a column that are both type parameters.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  return keys
    .reduce(
      (claim, column) => claim.whereRef(`${table}.${column}`, '=', `due.${column}`),
      untyped
        .with('due', () => dueRows(dialect, due, lockOf) as never)
        .updateTable(table as string)
        .from('due'),
    )
    .set(set as never)
    .returningAll()
    .$castTo<Selectable<Database[T]>>();
}

/** A lease ending at `at` (epoch ms), typed for PostgreSQL's BIGINT columns. */
export function leaseUntil(at: number) {
  return sql<number>`cast(${at} as bigint)`;
}
