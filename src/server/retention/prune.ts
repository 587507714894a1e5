// Bounded deletion of one owner's expired rows of one kind: each batch takes at most BATCH_ROWS
// of the oldest rows through the owner index's range and deletes them in its own transaction,
// so no transaction holds the database for long.
import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { RetentionKind } from './kinds.ts';

export const BATCH_ROWS = 5_000;
/** Preview counts stop here, so a count never scans without bound. */
export const COUNT_CAP = 10_000_000;

export interface BatchReport {
  kind: string;
  rows: number;
  /** Wall time of the batch's transaction, for the logs and the benchmark. */
  ms: number;
}

function expired(kind: RetentionKind, ownerId: string, cutoff: number): RawBuilder<unknown> {
  const { owner } = kind;
  const ownerMatch =
    'parent' in owner
      ? sql`${sql.ref(owner.column)} in (select id from ${sql.table(owner.parent)} where user_id = ${ownerId})`
      : sql`${sql.ref(owner.column)} = ${ownerId}`;
  return sql`${ownerMatch} and ${sql.ref(kind.at)} < ${cutoff}`;
}

/** The rows of one owner column value (an owner, or one of its monitors or sites) aged before `cutoff`, from `from` on. */
function slice(kind: RetentionKind, value: string, from: number | null, cutoff: number): RawBuilder<unknown> {
  const at = sql.ref(kind.at);
  const lower = from === null ? sql`` : sql` and ${at} >= ${from}`;
  return sql`${sql.ref(kind.owner.column)} = ${value}${lower} and ${at} < ${cutoff} order by ${at}`;
}

/**
 * Deletes up to `limit` of the oldest expired rows of one owner column value in one
 * transaction, returning how many went and the newest age among them: the next batch starts
 * there, so no batch walks the index entries of rows earlier batches deleted (they stay until
 * vacuum). PostgreSQL deletes by ctid (a TID scan; by key it plans a hash join over the whole
 * table); SQLite by the primary key (check_results has no rowid).
 */
export async function deleteBatch(
  db: Kysely<Database>,
  dialect: Dialect,
  kind: RetentionKind,
  value: string,
  range: { from: number | null; cutoff: number },
  limit = BATCH_ROWS,
): Promise<{ rows: number; last: number | null }> {
  const table = sql.table(kind.table);
  const oldest = sql`${slice(kind, value, range.from, range.cutoff)} limit ${limit}`;
  const key = sql.join(kind.key.map((column) => sql.ref(column)));
  const at = sql.ref(kind.at);
  const statement =
    dialect === 'postgres'
      ? sql<{
          at: number;
        }>`delete from ${table} where ctid = any(array(select ctid from ${table} where ${oldest})) returning ${at} as at`
      : sql<{
          at: number;
        }>`delete from ${table} where (${key}) in (select ${key} from ${table} where ${oldest}) returning ${at} as at`;
  const { rows } = await db.transaction().execute((tx) => statement.execute(tx));
  const last = rows.reduce<number | null>(
    (max, row) => Math.max(max ?? Number(row.at), Number(row.at)),
    null,
  );
  return { rows: rows.length, last };
}

/** The owner column values a kind's rows hang from: the owner, or its monitors or sites. */
async function ownerValues(db: Kysely<Database>, kind: RetentionKind, ownerId: string): Promise<string[]> {
  const { owner } = kind;
  if (!('parent' in owner)) return [ownerId];
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.table(owner.parent)} where user_id = ${ownerId} order by id`.execute(db);
  return rows.map((row) => row.id);
}

/** How many rows a prune at `cutoff` would delete, counted up to COUNT_CAP. */
export async function countExpired(
  db: Kysely<Database>,
  kind: RetentionKind,
  ownerId: string,
  cutoff: number,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from (
      select 1 as one from ${sql.table(kind.table)} where ${expired(kind, ownerId, cutoff)} limit ${COUNT_CAP}
    ) capped`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface Budget {
  batchesLeft: number;
  /** Clock time after which no new batch starts. */
  deadline: number;
  now(): number;
}

export function exhausted(budget: Budget): boolean {
  return budget.batchesLeft <= 0 || budget.now() >= budget.deadline;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deletes batches until each owner column value is done or the budget runs out; returns the rows deleted. */
export async function pruneKind(
  db: Kysely<Database>,
  dialect: Dialect,
  kind: RetentionKind,
  ownerId: string,
  cutoff: number,
  budget: Budget,
  onBatch?: (report: BatchReport) => void,
): Promise<number> {
  let total = 0;
  for (const value of await ownerValues(db, kind, ownerId)) {
    let from: number | null = null;
    while (!exhausted(budget)) {
      const started = performance.now();
      const batch = await deleteBatch(db, dialect, kind, value, { from, cutoff });
      // Batches that deleted something count against the bound; the time bound covers the rest.
      if (batch.rows > 0) budget.batchesLeft -= 1;
      onBatch?.({ kind: kind.kind, rows: batch.rows, ms: performance.now() - started });
      total += batch.rows;
      if (batch.rows < BATCH_ROWS) break;
      from = batch.last;
      // Requests served by this process (SQLite's single process) get their turn between batches.
      await yieldToEventLoop();
    }
  }
  return total;
}
