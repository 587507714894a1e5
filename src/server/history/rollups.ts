// Hourly and daily rollups, updated as results arrive. A batch of results is summed in memory
// per (monitor, bucket), then merged into the stored rows with one upsert per table.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LATENCY_BUCKET_COUNT, latencyBucket } from '../../core/latency-histogram.ts';
import { powerOfTwoChunks } from '../platform/db/chunks.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { largerOf, smallerOf } from '../platform/db/dialect.ts';
import { executeRows } from '../platform/db/row-statements.ts';
import type { CheckStatus, Database, RollupTable } from '../platform/db/schema.ts';
import type { TimeSpan } from './time-spans.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** latency_min_ms of a bucket with no successful check: larger than any real latency. */
export const NO_LATENCY_MIN = 2_147_483_647;

export interface RollupInput {
  monitorId: string;
  checkedAt: number;
  status: CheckStatus;
  totalMs: number;
  /** Inside a maintenance window: counted in maintenance_checks only, so no uptime figure sees it. */
  maintenance?: boolean;
  /** The time this check accounts for (time-spans.ts): up, down or maintenance since the last. */
  spans?: readonly TimeSpan[];
}

type RollupTableName = 'rollups_hourly' | 'rollups_daily';

// Rows are copied from one template with every column already in place: objects given 19
// computed keys one by one turn into slow dictionary objects, and a batch builds hundreds.
const EMPTY_ROW: Omit<RollupTable, 'monitor_id' | 'bucket_start'> = {
  checks: 0,
  up_checks: 0,
  degraded_checks: 0,
  latency_sum_ms: 0,
  latency_min_ms: NO_LATENCY_MIN,
  latency_max_ms: 0,
  up_ms: 0,
  down_ms: 0,
  maintenance_ms: 0,
  ...Object.fromEntries(Array.from({ length: LATENCY_BUCKET_COUNT }, (_, bucket) => [`h${bucket}`, 0])),
};

function emptyRow(monitorId: string, bucketStart: number): RollupTable {
  return { monitor_id: monitorId, bucket_start: bucketStart, ...EMPTY_ROW };
}

/** Sums results into one row per (monitor, bucket). Latency counts only checks that got an answer in time (up or degraded). */
export function aggregate(results: readonly RollupInput[], bucketMs: number): RollupTable[] {
  const rows = new Map<string, RollupTable>();
  const rowAt = (monitorId: string, at: number) => {
    const bucketStart = Math.floor(at / bucketMs) * bucketMs;
    const key = `${monitorId}:${bucketStart}`;
    let row = rows.get(key);
    if (!row) {
      row = emptyRow(monitorId, bucketStart);
      rows.set(key, row);
    }
    return row;
  };
  for (const result of results) {
    const row = rowAt(result.monitorId, result.checkedAt);
    // A gap crossing a bucket's end is split at it: each hour and day holds its own time.
    for (const span of result.spans ?? []) {
      for (let from = span.from; from < span.to; ) {
        const to = Math.min(span.to, (Math.floor(from / bucketMs) + 1) * bucketMs);
        const bucket = rowAt(result.monitorId, from);
        bucket[span.column] = (bucket[span.column] ?? 0) + span.sign * (to - from);
        from = to;
      }
    }
    if (result.maintenance) {
      row.maintenance_checks = (row.maintenance_checks ?? 0) + 1;
      continue;
    }
    row.checks += 1;
    if (result.status === 'down') continue;
    row.up_checks += 1;
    if (result.status === 'degraded') row.degraded_checks += 1;
    row.latency_sum_ms += result.totalMs;
    row.latency_min_ms = Math.min(row.latency_min_ms, result.totalMs);
    row.latency_max_ms = Math.max(row.latency_max_ms, result.totalMs);
    const bucket = `h${latencyBucket(result.totalMs)}` as const;
    row[bucket] = (row[bucket] ?? 0) + 1;
  }
  return [...rows.values()];
}

async function upsert(db: Kysely<Database>, dialect: Dialect, table: RollupTableName, given: RollupTable[]) {
  if (given.length === 0) return;
  // Most batches hold no maintenance check: they write the columns they always wrote. A batch
  // with one gives every row the column, as a multi-row insert needs.
  const maintenance = given.some((row) => row.maintenance_checks);
  const rows = maintenance
    ? given.map((row) => ({ ...row, maintenance_checks: row.maintenance_checks ?? 0 }))
    : given;
  const stored = (column: string) => sql<number>`${sql.ref(`${table}.${column}`)}`;
  const incoming = (column: string) => sql<number>`${sql.ref(`excluded.${column}`)}`;
  const summed = [
    'checks',
    'up_checks',
    'degraded_checks',
    'latency_sum_ms',
    'up_ms',
    'down_ms',
    'maintenance_ms',
  ];
  if (maintenance) summed.push('maintenance_checks');
  for (let bucket = 0; bucket < LATENCY_BUCKET_COUNT; bucket++) summed.push(`h${bucket}`);
  const set: Record<string, RawBuilder<number>> = Object.fromEntries(
    summed.map((column) => [column, sql<number>`${stored(column)} + ${incoming(column)}`]),
  );
  set.latency_min_ms = smallerOf(dialect, stored('latency_min_ms'), incoming('latency_min_ms'));
  set.latency_max_ms = largerOf(dialect, stored('latency_max_ms'), incoming('latency_max_ms'));
  // 512 rows keep each statement under SQLite's bound-parameter limit (32 columns a row).
  for (const chunk of powerOfTwoChunks(rows, 512)) {
    await executeRows(db, table, chunk, () =>
      db
        .insertInto(table)
        .values(chunk)
        .onConflict((conflict) => conflict.columns(['monitor_id', 'bucket_start']).doUpdateSet(set)),
    );
  }
}

export async function recordRollups(db: Kysely<Database>, dialect: Dialect, results: readonly RollupInput[]) {
  await upsert(db, dialect, 'rollups_hourly', aggregate(results, HOUR_MS));
  await upsert(db, dialect, 'rollups_daily', aggregate(results, DAY_MS));
}
