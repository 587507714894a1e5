import type { Kysely } from 'kysely';
import { type CheckResult, pingFactsSchema } from '../../core/api/history.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { decodeCursor, slicePage } from '../platform/http/cursor.ts';
import { packedRecords, packedRowsDesc } from './packed-read.ts';
import { type ResultRecord, selectResults, toRecord } from './result-store.ts';

export interface ResultQuery {
  cursor?: string;
  limit: number;
  /** Epoch ms bounds on checked_at: after is exclusive, before is exclusive. */
  after?: number;
  before?: number;
}

/**
 * What a check stored beyond timings, as the API answers it: a DNS check's answer set, a ping
 * check's packets and round trips (results carry no kind; the facts' shape tells them apart).
 */
function factsOf(facts: string | null | undefined): Pick<CheckResult, 'answers' | 'ping'> {
  if (!facts) return {};
  const parsed = JSON.parse(facts) as Record<string, unknown> | null;
  if (Array.isArray(parsed?.answers)) return { answers: parsed.answers.map(String) };
  const ping = pingFactsSchema.safeParse(parsed);
  return ping.success ? { ping: ping.data } : {};
}

/** A result's id in the API: its key, the monitor and the time (stored results have no id of their own). */
export function resultId(monitorId: string, checkedAt: number): string {
  return `${monitorId}.${checkedAt}`;
}

export function toCheckResult(row: ResultRecord): CheckResult {
  return {
    id: resultId(row.monitor_id, row.checked_at),
    checkedAt: row.checked_at,
    region: row.region,
    status: row.status,
    statusCode: row.status_code,
    totalMs: row.total_ms,
    timings: {
      dnsMs: row.dns_ms,
      connectMs: row.connect_ms,
      tlsMs: row.tls_ms,
      ttfbMs: row.ttfb_ms,
      downloadMs: row.download_ms,
    },
    responseBytes: row.response_bytes,
    failure: row.failure_code ? { code: row.failure_code, message: row.failure_message ?? '' } : null,
    confirmation: row.confirmation,
    ...(row.reason === 'deployment' ? { reason: row.reason } : {}),
    ...(row.maintenance ? { maintenance: true } : {}),
    ...factsOf(row.facts),
  };
}

/**
 * Newest first, keyset-paginated on checked_at (one result per monitor and millisecond). Results
 * older than two days are packed per hour (pack-hours.ts): a page that reaches them, or that
 * could interleave with them (an old result stored late), reads them too.
 */
export async function listResults(
  db: Kysely<Database>,
  monitor: Pick<MonitorTable, 'id' | 'seq'>,
  query: ResultQuery,
) {
  const cursorAt = query.cursor ? decodeCursor(query.cursor)[0] : undefined;
  // Read from the database, so numbered (the column is filled by the database on insert).
  const seq = Number(monitor.seq);
  const bounds = [query.before, cursorAt].filter((bound) => bound !== undefined);
  const before = bounds.length > 0 ? Math.min(...bounds) : undefined;
  let select = selectResults(db).where('r.monitor_seq', '=', seq);
  if (query.after !== undefined) select = select.where('r.checked_at', '>', query.after);
  if (before !== undefined) select = select.where('r.checked_at', '<', before);
  const raw = (
    await select
      .orderBy('r.checked_at', 'desc')
      .limit(query.limit + 1)
      .execute()
  ).map(toRecord);
  const oldestRaw = raw.length > query.limit ? raw[raw.length - 1] : undefined;
  const packedRows = await packedRowsDesc(
    db,
    seq,
    { after: oldestRaw ? oldestRaw.checked_at : query.after, before },
    query.limit + 1,
  );
  const records = mergeNewestFirst(raw, await packedRecords(db, monitor.id, packedRows)).slice(
    0,
    query.limit + 1,
  );
  const { page, nextCursor } = slicePage(
    records.map(toCheckResult),
    query.limit,
    (result) => result.checkedAt,
  );
  return { results: page, nextCursor };
}

/** Two newest-first lists as one; a time in both keeps the first list's result. */
function mergeNewestFirst(first: ResultRecord[], second: ResultRecord[]): ResultRecord[] {
  if (second.length === 0) return first;
  const times = new Set(first.map((record) => record.checked_at));
  return [...first, ...second.filter((record) => !times.has(record.checked_at))].sort(
    (a, b) => b.checked_at - a.checked_at,
  );
}
