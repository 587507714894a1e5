// The ping log: every ping of a heartbeat (paused or not) is kept, the last 100 per monitor, with
// its run's duration when a /start paired with it. It doubles as the rate limit: a monitor that
// logged 60 pings in the last minute refuses more. Counting the log in the database holds across
// several `serve` processes on one PostgreSQL, where an in-memory count would allow 60 per process;
// the count and the insert run under the monitor row's lock (receive-ping.ts takes it), so two
// pings cannot both be 60th. A batch of pings is logged in a few statements, not a few per ping.
import { type Kysely, sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { HeartbeatPing } from '../../core/api/monitor-kinds/heartbeat.ts';
import type { HeartbeatPingTable } from '../platform/db/heartbeat-schema.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { Ping } from './ping.ts';

export const PINGS_PER_MINUTE = 60;
export const PINGS_KEPT = 100;
const MINUTE_MS = 60_000;

/** A ping of a batch with its monitor (at most one per monitor in a batch). */
export interface LoggedPing {
  monitor: MonitorTable;
  ping: Ping;
  at: number;
}

function rateLimited(oldest: number, at: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil((oldest + MINUTE_MS - at) / 1000));
  return new ApiError(
    429,
    'rate_limited',
    `A heartbeat takes at most ${PINGS_PER_MINUTE} pings a minute. Try again in ${retryAfter} s.`,
    { 'Retry-After': String(retryAfter) },
  );
}

/** The pings of the last minute refuse a 61st: by its monitor's log, one query for the batch. */
async function refusals(
  tx: Kysely<Database>,
  entries: readonly LoggedPing[],
): Promise<Map<LoggedPing, ApiError>> {
  const since = Math.min(...entries.map((entry) => entry.at)) - MINUTE_MS;
  const recent = await tx
    .selectFrom('heartbeat_pings')
    .select(['monitor_id', 'at'])
    .where(
      'monitor_id',
      'in',
      entries.map((entry) => entry.monitor.id),
    )
    .where('at', '>', since)
    .execute();
  const logged = new Map<string, number[]>();
  for (const row of recent)
    logged.set(row.monitor_id, [...(logged.get(row.monitor_id) ?? []), Number(row.at)]);
  const refused = new Map<LoggedPing, ApiError>();
  for (const entry of entries) {
    const times = (logged.get(entry.monitor.id) ?? []).filter((at) => at > entry.at - MINUTE_MS);
    if (times.length >= PINGS_PER_MINUTE) refused.set(entry, rateLimited(Math.min(...times), entry.at));
  }
  return refused;
}

/**
 * When each completion's run started: the latest /start of the same ?rid= (without one, since the
 * monitor's last completion). One query for the batch: the latest start per monitor and rid.
 */
async function pairedStarts(
  tx: Kysely<Database>,
  entries: readonly LoggedPing[],
): Promise<Map<LoggedPing, number>> {
  const ending = entries.filter((entry) => entry.ping.kind !== 'start');
  if (ending.length === 0) return new Map();
  const starts = await tx
    .selectFrom('heartbeat_pings')
    .select((eb) => ['monitor_id', 'rid', eb.fn.max<number>('at').as('at')])
    .where(
      'monitor_id',
      'in',
      ending.map((entry) => entry.monitor.id),
    )
    .where('kind', '=', 'start')
    .groupBy(['monitor_id', 'rid'])
    .execute();
  const paired = new Map<LoggedPing, number>();
  for (const entry of ending) {
    const start = starts.find((row) => row.monitor_id === entry.monitor.id && row.rid === entry.ping.rid);
    if (!start) continue;
    const at = Number(start.at);
    if (entry.ping.rid !== null || at >= (entry.monitor.last_ping_at ?? 0)) paired.set(entry, at);
  }
  return paired;
}

/**
 * Logs a batch's pings inside its transaction (the monitor rows already locked there), a few
 * statements for the whole batch. A ping past the rate limit is refused before anything is
 * written and left out; the refusals are returned, so the rest of the batch goes on.
 */
export async function logPings(
  tx: Kysely<Database>,
  entries: readonly LoggedPing[],
): Promise<Map<LoggedPing, ApiError>> {
  if (entries.length === 0) return new Map();
  const refused = await refusals(tx, entries);
  const logged = entries.filter((entry) => !refused.has(entry));
  if (logged.length === 0) return refused;
  const started = await pairedStarts(tx, logged);
  await tx
    .insertInto('heartbeat_pings')
    .values(
      logged.map((entry) => {
        const startedAt = started.get(entry);
        return {
          id: uuidv7(),
          monitor_id: entry.monitor.id,
          at: entry.at,
          kind: entry.ping.kind,
          exit_status: entry.ping.exitStatus,
          rid: entry.ping.rid,
          duration_ms: startedAt === undefined ? null : entry.at - startedAt,
          source_address: entry.ping.sourceAddress,
          user_agent: entry.ping.userAgent,
          body: entry.ping.body,
          body_truncated: entry.ping.bodyTruncated ? 1 : 0,
        };
      }),
    )
    .execute();
  const ids = logged.map((entry) => entry.monitor.id);
  await sql`
    delete from heartbeat_pings where id in (
      select id from (
        select id, row_number() over (partition by monitor_id order by at desc, id desc) as newer
        from heartbeat_pings where monitor_id in (${sql.join(ids)})
      ) ranked where newer > ${PINGS_KEPT}
    )`.execute(tx);
  return refused;
}

export function toHeartbeatPing(row: HeartbeatPingTable): HeartbeatPing {
  return {
    id: row.id,
    at: Number(row.at),
    kind: row.kind,
    exitStatus: row.exit_status,
    rid: row.rid,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    sourceAddress: row.source_address,
    userAgent: row.user_agent,
    body: row.body,
    bodyTruncated: row.body_truncated === 1,
  };
}
