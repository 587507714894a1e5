// Stored check results for tests, in the logical shape (history/result-store.ts): insert them for
// monitors that exist and read them back, without knowing the compact table's codes.
import type { Kysely } from 'kysely';
import { type PackedRow, packRows } from '../history/packed-codec.ts';
import { type ResultRecord, selectResults, storeResults, toRecord } from '../history/result-store.ts';
import type { Database } from '../platform/db/schema.ts';

export type ResultInput = Pick<ResultRecord, 'monitor_id' | 'checked_at'> & Partial<ResultRecord>;

/** A stored up check with only a total time, what most tests need. */
export function resultRecord(
  monitorId: string,
  at: number,
  overrides: Partial<ResultRecord> = {},
): ResultRecord {
  return {
    monitor_id: monitorId,
    checked_at: at,
    region: 'local',
    status: 'up',
    status_code: 200,
    total_ms: 120,
    dns_ms: null,
    connect_ms: null,
    tls_ms: null,
    ttfb_ms: null,
    download_ms: null,
    response_bytes: null,
    failure_code: null,
    failure_message: null,
    confirmation: false,
    reason: null,
    facts: null,
    ...overrides,
  };
}

/** Stores results for existing monitors (one transaction), filling unset fields as resultRecord does. */
export async function insertResults(db: Kysely<Database>, inputs: readonly ResultInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const ids = [...new Set(inputs.map((input) => input.monitor_id))];
  const monitors = await db.selectFrom('monitors').select(['id', 'seq']).where('id', 'in', ids).execute();
  const seqs = new Map(monitors.map((monitor) => [monitor.id, monitor.seq]));
  await db.transaction().execute((tx) =>
    storeResults(
      tx,
      inputs.map((input) => {
        const seq = seqs.get(input.monitor_id);
        if (seq === undefined || seq === null) throw new Error(`No monitor ${input.monitor_id}`);
        const { monitor_id: _, ...record } = resultRecord(input.monitor_id, input.checked_at, input);
        return { ...record, monitor_seq: seq };
      }),
    ),
  );
}

/** Every stored result, or one monitor's, oldest first. */
export async function storedResults(db: Kysely<Database>, monitorId?: string): Promise<ResultRecord[]> {
  let select = selectResults(db);
  if (monitorId !== undefined) select = select.where('m.id', '=', monitorId);
  const rows = await select.orderBy('r.checked_at').orderBy('m.id').execute();
  return rows.map(toRecord);
}

/** How many results are stored, or for one monitor. */
export async function countResults(db: Kysely<Database>, monitorId?: string): Promise<number> {
  let select = db.selectFrom('check_results').select((eb) => eb.fn.countAll().as('n'));
  if (monitorId !== undefined) {
    const monitor = await db
      .selectFrom('monitors')
      .select('seq')
      .where('id', '=', monitorId)
      .executeTakeFirst();
    if (monitor?.seq === undefined || monitor.seq === null) return 0;
    select = select.where('monitor_seq', '=', monitor.seq);
  }
  const row = await select.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes every stored result, as if retention had pruned them all. */
export async function deleteResults(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('check_results').execute();
}

/**
 * A packed hour holding one up result at `at`, keyed by that time itself so that two results of
 * one hour stay two rows: the retention tests age each row alone.
 */
export async function insertPackedResult(db: Kysely<Database>, monitorId: string, at: number): Promise<void> {
  const { seq } = await db
    .selectFrom('monitors')
    .select('seq')
    .where('id', '=', monitorId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('check_result_hours')
    .values({
      monitor_seq: Number(seq),
      hour_at: at,
      last_at: at,
      checks: 1,
      packed: packRows([packedRow(at)]),
    })
    .execute();
}

/** A packed result as the codec holds it: an up check from region 1 with every phase timed. */
export function packedRow(at: number, overrides: Partial<PackedRow> = {}): PackedRow {
  return {
    checked_at: at,
    status: 0,
    region_id: 1,
    flags: 0,
    status_code: 200,
    total_ms: 120,
    dns_ms: 4,
    connect_ms: 11,
    tls_ms: 25,
    ttfb_ms: 70,
    download_ms: 10,
    response_bytes: 5_120,
    failure_id: null,
    facts: null,
    ...overrides,
  };
}
