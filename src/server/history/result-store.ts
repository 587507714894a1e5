// Writes and reads stored check results (migration 0022's compact rows) in the shape the rest of
// the server speaks: a monitor id, status and region as text, the failure as code and message.
import type { Kysely } from 'kysely';
import { powerOfTwoChunks } from '../platform/db/chunks.ts';
import { executeRows } from '../platform/db/row-statements.ts';
import type { CheckMeasures, CheckStatus, Database } from '../platform/db/schema.ts';
import {
  FLAG_CONFIRMATION,
  FLAG_DEPLOYMENT,
  FLAG_MAINTENANCE,
  failureDigest,
  flagsOf,
  statusCode,
  statusOf,
} from './result-codes.ts';

export interface ResultRecord extends CheckMeasures {
  monitor_id: string;
  checked_at: number;
  region: string;
  status: CheckStatus;
  failure_code: string | null;
  failure_message: string | null;
  confirmation: boolean;
  /** Null for a scheduled check; 'deployment' for one a deployment's trigger_checks ran. */
  reason: string | null;
  /** JSON: what the check read beyond timings, e.g. a DNS answer set. */
  facts: string | null;
  /** Set (true) for a check inside a maintenance window; absent otherwise. */
  maintenance?: boolean;
}

/** A record to store, with the monitor's number (the claimed row carries it). */
export type NewResult = Omit<ResultRecord, 'monitor_id'> & { monitor_seq: number };

/** Ids of dictionary entries by key, inserting the missing ones (rows are never deleted). */
async function dictionaryIds(
  read: () => Promise<{ id: number; key: string }[]>,
  insertMissing: (missing: string[]) => Promise<unknown>,
  keys: string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  let ids = new Map((await read()).map((row) => [row.key, row.id]));
  const missing = keys.filter((key) => !ids.has(key));
  if (missing.length > 0) {
    await insertMissing(missing);
    ids = new Map((await read()).map((row) => [row.key, row.id]));
  }
  return ids;
}

function regionIds(tx: Kysely<Database>, names: string[]) {
  return dictionaryIds(
    () => tx.selectFrom('check_regions').select(['id', 'name as key']).where('name', 'in', names).execute(),
    (missing) =>
      tx
        .insertInto('check_regions')
        .values(missing.map((name) => ({ name })))
        .onConflict((oc) => oc.column('name').doNothing())
        .execute(),
    names,
  );
}

function failureIds(tx: Kysely<Database>, failures: Map<string, { code: string; message: string }>) {
  const digests = [...failures.keys()];
  return dictionaryIds(
    () =>
      tx
        .selectFrom('check_failures')
        .select(['id', 'digest as key'])
        .where('digest', 'in', digests)
        .execute(),
    (missing) =>
      tx
        .insertInto('check_failures')
        .values(
          missing.map((digest) => ({
            digest,
            ...(failures.get(digest) as { code: string; message: string }),
          })),
        )
        .onConflict((oc) => oc.column('digest').doNothing())
        .execute(),
    digests,
  );
}

/** Stores results inside the caller's transaction; a second result of a monitor in the same millisecond is dropped. */
export async function storeResults(tx: Kysely<Database>, records: readonly NewResult[]): Promise<void> {
  if (records.length === 0) return;
  const failures = new Map<string, { code: string; message: string }>();
  const digests = records.map((record) => {
    if (record.failure_code === null) return null;
    const failure = { code: record.failure_code, message: record.failure_message ?? '' };
    const digest = failureDigest(failure.code, failure.message);
    failures.set(digest, failure);
    return digest;
  });
  const regions = await regionIds(tx, [...new Set(records.map((record) => record.region))]);
  const failureIdsByDigest = await failureIds(tx, failures);
  const rows = records.map((record, index) => ({
    monitor_seq: record.monitor_seq,
    checked_at: record.checked_at,
    status: statusCode(record.status),
    region_id: regions.get(record.region) as number,
    status_code: record.status_code,
    total_ms: record.total_ms,
    dns_ms: record.dns_ms,
    connect_ms: record.connect_ms,
    tls_ms: record.tls_ms,
    ttfb_ms: record.ttfb_ms,
    download_ms: record.download_ms,
    response_bytes: record.response_bytes,
    failure_id: digests[index] ? (failureIdsByDigest.get(digests[index]) ?? null) : null,
    flags: flagsOf(record.confirmation, record.reason, record.maintenance),
    facts: record.facts,
  }));
  // 512 rows keep each statement under SQLite's bound-parameter limit (15 columns a row).
  for (const chunk of powerOfTwoChunks(rows, 512)) {
    await executeRows(tx, 'check_results', chunk, () =>
      tx
        .insertInto('check_results')
        .values(chunk)
        .onConflict((oc) => oc.columns(['monitor_seq', 'checked_at']).doNothing()),
    );
  }
}

/** Stored results joined back to their monitor and dictionaries; callers add where, order and limit. */
export function selectResults(db: Kysely<Database>) {
  return db
    .selectFrom('check_results as r')
    .innerJoin('monitors as m', 'm.seq', 'r.monitor_seq')
    .innerJoin('check_regions as g', 'g.id', 'r.region_id')
    .leftJoin('check_failures as f', 'f.id', 'r.failure_id')
    .select([
      'm.id as monitor_id',
      'r.checked_at',
      'g.name as region',
      'r.status',
      'r.status_code',
      'r.total_ms',
      'r.dns_ms',
      'r.connect_ms',
      'r.tls_ms',
      'r.ttfb_ms',
      'r.download_ms',
      'r.response_bytes',
      'f.code as failure_code',
      'f.message as failure_message',
      'r.flags',
      'r.facts',
    ]);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectResults>['execute']>>[number];

export function toRecord(row: SelectedRow): ResultRecord {
  const { flags, status, ...rest } = row;
  return {
    ...rest,
    checked_at: Number(row.checked_at),
    status: statusOf(Number(status)),
    confirmation: (Number(flags) & FLAG_CONFIRMATION) !== 0,
    reason: (Number(flags) & FLAG_DEPLOYMENT) !== 0 ? 'deployment' : null,
    ...((Number(flags) & FLAG_MAINTENANCE) !== 0 ? { maintenance: true } : {}),
  };
}
