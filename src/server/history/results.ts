import type { Kysely } from 'kysely';
import { type CheckResult, pingFactsSchema } from '../../core/api/history.ts';
import { decodeCursor, slicePage } from '../db/cursor.ts';
import type { Database } from '../db/schema.ts';
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

/** Newest first, keyset-paginated on checked_at (one result per monitor and millisecond). */
export async function listResults(db: Kysely<Database>, monitorId: string, query: ResultQuery) {
  let select = selectResults(db).where('m.id', '=', monitorId);
  if (query.after !== undefined) select = select.where('r.checked_at', '>', query.after);
  if (query.before !== undefined) select = select.where('r.checked_at', '<', query.before);
  if (query.cursor) {
    const [at] = decodeCursor(query.cursor);
    select = select.where('r.checked_at', '<', at);
  }
  const rows = await select
    .orderBy('r.checked_at', 'desc')
    .limit(query.limit + 1)
    .execute();
  const { page, nextCursor } = slicePage(
    rows.map((row) => toCheckResult(toRecord(row))),
    query.limit,
    (result) => result.checkedAt,
  );
  return { results: page, nextCursor };
}
