// Bounded deletion of one owner's expired rows of one kind: each batch selects at most
// BATCH_ROWS keys by owner and cutoff (through the owner's index) and deletes them by key in
// its own transaction, so no transaction holds the database for long.
import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
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

/** Deletes up to `limit` expired rows in one transaction; returns how many went. */
export async function deleteBatch(
  db: Kysely<Database>,
  kind: RetentionKind,
  ownerId: string,
  cutoff: number,
  limit = BATCH_ROWS,
): Promise<number> {
  const key = sql.join(kind.key.map((column) => sql.ref(column)));
  const table = sql.table(kind.table);
  return db.transaction().execute(async (tx) => {
    const result = await sql`
      delete from ${table} where (${key}) in (
        select ${key} from ${table} where ${expired(kind, ownerId, cutoff)} limit ${limit}
      )`.execute(tx);
    return Number(result.numAffectedRows ?? 0);
  });
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

/** Deletes batches until a short batch or the budget runs out; returns the rows deleted. */
export async function pruneKind(
  db: Kysely<Database>,
  kind: RetentionKind,
  ownerId: string,
  cutoff: number,
  budget: Budget,
  onBatch?: (report: BatchReport) => void,
): Promise<number> {
  let total = 0;
  while (!exhausted(budget)) {
    budget.batchesLeft -= 1;
    const started = performance.now();
    const rows = await deleteBatch(db, kind, ownerId, cutoff);
    onBatch?.({ kind: kind.kind, rows, ms: performance.now() - started });
    total += rows;
    if (rows < BATCH_ROWS) break;
    // Requests served by this process (SQLite's single process) get their turn between batches.
    await yieldToEventLoop();
  }
  return total;
}
