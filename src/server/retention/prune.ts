// Set-based deletion of one kind's expired rows across every owner at once. Each owner's cutoff
// comes from joining the plan noted for it (retention_owner_plans) to a small table of per-plan
// cutoffs; rows are reached through their parents (monitors, sites or owners), a page of parents
// at a time in id order, so every statement searches indexes and no statement walks far. Each
// batch is one DELETE statement, its own short transaction, sized to take about TARGET_BATCH_MS.
import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { PlanId } from '../../core/plans.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { deleteLocated, rowLocator } from '../platform/db/row-locks.ts';
import type { Database } from '../platform/db/schema.ts';
import type { RetentionKind } from './kinds.ts';

/** The most rows one batch deletes. */
export const BATCH_ROWS = 5_000;
/** Batches start this big and grow or shrink to take about TARGET_BATCH_MS. */
const FIRST_BATCH_ROWS = 1_000;
const MIN_BATCH_ROWS = 50;
const TARGET_BATCH_MS = 6;
/** Parents (monitors, sites or owners) one batch looks through. */
export const PARENT_PAGE = 500;
/** Preview counts stop here, so a count never scans without bound. */
export const COUNT_CAP = 10_000_000;

export interface BatchReport {
  kind: string;
  rows: number;
  /** Wall time of the batch's transaction, for the logs, the tests and the benchmark. */
  ms: number;
}

export interface PlanCutoff {
  plan: PlanId;
  /** Rows aged strictly before this go. */
  cutoff: number;
}

/** A parent's key: a text id, or a monitor's number. */
type ParentKey = string | number;

/**
 * The rows a kind's rows hang from, in key order: monitors, sites, or the owners' noted plans;
 * `first` sorts before every key.
 */
function parentsOf(kind: RetentionKind): { table: string; id: string; first: ParentKey } {
  if (!('parent' in kind.owner)) return { table: 'retention_owner_plans', id: 'workspace_id', first: '' };
  return kind.owner.parentKey
    ? { table: kind.owner.parent, id: kind.owner.parentKey, first: -1 }
    : { table: kind.owner.parent, id: 'id', first: '' };
}

/**
 * Which parents a batch looks at: ids in (after, last], and within them from where the previous
 * batch stopped, so no batch walks the index entries of rows earlier ones deleted (PostgreSQL
 * keeps them until vacuum).
 */
export interface ParentRange {
  after: ParentKey;
  last: ParentKey;
  from?: { parent: ParentKey; at: number };
}

/**
 * The keys (PostgreSQL: ctids) of up to `limit` expired rows hanging from the parents with ids
 * in (after, last], oldest first per parent: one index range (owner column, age below the
 * owner's cutoff) per parent.
 * CROSS JOIN keeps SQLite's join order parent → noted plan → rows, so each parent's range is
 * bounded by its cutoff instead of walking every row of the page's parents.
 */
function expiredKeys(
  dialect: Dialect,
  kind: RetentionKind,
  cutoffs: readonly PlanCutoff[],
  parentRange: ParentRange,
  limit: number,
): RawBuilder<unknown> {
  const parents = parentsOf(kind);
  const viaParent = 'parent' in kind.owner;
  const keys = rowLocator(dialect, 't', kind.key);
  const whens = cutoffs.map(({ plan, cutoff }) => sql`when ${plan} then cast(${cutoff} as bigint)`);
  const cutoff = sql`case ${viaParent ? sql`o.plan_id` : sql`p.plan_id`} ${sql.join(whens, sql` `)} end`;
  const parentId = sql.ref(`p.${parents.id}`);
  const at = sql.ref(`t.${kind.at}`);
  const { from } = parentRange;
  const resume = from
    ? sql`and (${parentId} > ${from.parent} or (${parentId} = ${from.parent} and ${at} >= ${from.at}))`
    : sql``;
  return sql`select ${keys}
    from ${sql.table(parents.table)} p
    ${viaParent ? sql`cross join retention_owner_plans o` : sql``}
    cross join ${sql.table(kind.table)} t
    where ${parentId} > ${parentRange.after} and ${parentId} <= ${parentRange.last}
      ${viaParent ? sql`and o.workspace_id = p.workspace_id` : sql``}
      and ${sql.ref(`t.${kind.owner.column}`)} = ${parentId}
      and ${at} < ${cutoff}
      ${resume}
    order by ${parentId}, ${at}
    limit ${limit}`;
}

/** One batch's DELETE statement (tests explain it). */
export function deleteBatchStatement(
  dialect: Dialect,
  kind: RetentionKind,
  cutoffs: readonly PlanCutoff[],
  parentRange: ParentRange,
  limit: number,
): RawBuilder<{ parent: ParentKey; at: number | string }> {
  const selected = expiredKeys(dialect, kind, cutoffs, parentRange, limit);
  const returning = sql`returning ${sql.ref(kind.owner.column)} as parent, ${sql.ref(kind.at)} as at`;
  return deleteLocated(dialect, kind.table, kind.key, selected, returning);
}

/** Where the walk stands after a batch: its last row in (parent, age) order. */
function lastOf(rows: readonly { parent: ParentKey; at: number | string }[]): ParentRange['from'] {
  let last: ParentRange['from'];
  for (const row of rows) {
    const at = Number(row.at);
    if (!last || row.parent > last.parent || (row.parent === last.parent && at > last.at)) {
      last = { parent: row.parent, at };
    }
  }
  return last;
}

/** The last parent id of the page after `after`, or null when no parent is left. */
async function pageEnd(
  db: Kysely<Database>,
  kind: RetentionKind,
  after: ParentKey,
): Promise<ParentKey | null> {
  const { table, id } = parentsOf(kind);
  const { rows } = await sql<{ last: ParentKey | null }>`
    select max(page.id) as last from (
      select ${sql.ref(id)} as id from ${sql.table(table)} where ${sql.ref(id)} > ${after}
      order by ${sql.ref(id)} limit ${PARENT_PAGE}
    ) page`.execute(db);
  return rows[0]?.last ?? null;
}

function expired(kind: RetentionKind, ownerId: string, cutoff: number): RawBuilder<unknown> {
  const { owner } = kind;
  const ownerMatch =
    'parent' in owner
      ? sql`${sql.ref(owner.column)} in (select ${sql.ref(owner.parentKey ?? 'id')} from ${sql.table(owner.parent)} where workspace_id = ${ownerId})`
      : sql`${sql.ref(owner.column)} = ${ownerId}`;
  return sql`${ownerMatch} and ${sql.ref(kind.at)} < ${cutoff}`;
}

/** How many of one owner's rows (or what they hold: `weight`) a prune at `cutoff` would delete, over up to COUNT_CAP rows. */
export async function countExpired(
  db: Kysely<Database>,
  kind: RetentionKind,
  ownerId: string,
  cutoff: number,
): Promise<number> {
  const weight = kind.weight ? sql.ref(kind.weight) : sql`1`;
  const { rows } = await sql<{ n: number | string | null }>`
    select sum(weight) as n from (
      select ${weight} as weight from ${sql.table(kind.table)} where ${expired(kind, ownerId, cutoff)} limit ${COUNT_CAP}
    ) capped`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface Budget {
  batchesLeft: number;
  /** Clock time after which no new batch starts. */
  deadline: number;
  now(): number;
  signal?: AbortSignal;
}

export function exhausted(budget: Budget): boolean {
  return budget.batchesLeft <= 0 || budget.now() >= budget.deadline || budget.signal?.aborted === true;
}

/** Requests served by this process (SQLite's single process) get their turn between statements. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The next batch's size: grown while batches are quick, halved when one ran long. */
function nextSize(size: number, ms: number): number {
  if (ms > TARGET_BATCH_MS * 2) return Math.max(MIN_BATCH_ROWS, Math.floor(size / 2));
  if (ms < TARGET_BATCH_MS / 2) return Math.min(BATCH_ROWS, size * 2);
  return size;
}

/** Deletes one kind's expired rows for every owner until done or the budget runs out; returns the rows deleted. */
export async function pruneKind(
  db: Kysely<Database>,
  dialect: Dialect,
  kind: RetentionKind,
  cutoffs: readonly PlanCutoff[],
  budget: Budget,
  onBatch?: (report: BatchReport) => void,
): Promise<number> {
  let total = 0;
  let size = FIRST_BATCH_ROWS;
  let after = parentsOf(kind).first;
  while (!exhausted(budget)) {
    const last = await pageEnd(db, kind, after);
    if (last === null) break;
    // The page's parents are done when a batch finds fewer rows than it asked for.
    let from: ParentRange['from'];
    while (!exhausted(budget)) {
      const statement = deleteBatchStatement(dialect, kind, cutoffs, { after, last, from }, size);
      const started = performance.now();
      // One statement is its own transaction: one round trip, nothing held between statements.
      const result = await statement.execute(db);
      const ms = performance.now() - started;
      const asked = size;
      const rows = result.rows.length;
      from = lastOf(result.rows);
      // Batches that deleted something count against the bound; the time bound covers the rest.
      if (rows > 0) budget.batchesLeft -= 1;
      onBatch?.({ kind: kind.kind, rows, ms });
      total += rows;
      if (rows >= asked) size = nextSize(size, ms);
      await yieldToEventLoop();
      if (rows < asked) break;
    }
    after = last;
  }
  return total;
}
