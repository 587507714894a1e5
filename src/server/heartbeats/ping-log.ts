// The ping log: every ping of a heartbeat (paused or not) is kept, the last 100 per monitor, with
// its run's duration when a /start paired with it. It doubles as the rate limit: a monitor that
// logged 60 pings in the last minute refuses more. Counting the log in the database holds across
// several `serve` processes on one PostgreSQL, where an in-memory count would allow 60 per process;
// the count and the insert run under the monitor row's lock (receive-ping.ts takes it), so two
// pings cannot both be 60th.
import { type Kysely, sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { HeartbeatPing } from '../../core/api/monitor-kinds/heartbeat.ts';
import type { HeartbeatPingTable } from '../db/heartbeat-schema.ts';
import type { Database, MonitorTable } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Ping } from './receive-ping.ts';

export const PINGS_PER_MINUTE = 60;
export const PINGS_KEPT = 100;
const MINUTE_MS = 60_000;

/** When the run this completion ends started: the latest /start of the same ?rid= since the last completion. */
async function pairedStart(tx: Kysely<Database>, monitor: MonitorTable, ping: Ping): Promise<number | null> {
  if (ping.kind === 'start') return null;
  let query = tx
    .selectFrom('heartbeat_pings')
    .select('at')
    .where('monitor_id', '=', monitor.id)
    .where('kind', '=', 'start')
    .orderBy('at', 'desc')
    .limit(1);
  query =
    ping.rid === null
      ? query.where('rid', 'is', null).where('at', '>=', monitor.last_ping_at ?? 0)
      : query.where('rid', '=', ping.rid);
  const start = await query.executeTakeFirst();
  return start ? Number(start.at) : null;
}

async function rateLimit(tx: Kysely<Database>, monitorId: string, now: number): Promise<void> {
  const recent = await tx
    .selectFrom('heartbeat_pings')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('at').as('oldest')])
    .where('monitor_id', '=', monitorId)
    .where('at', '>', now - MINUTE_MS)
    .executeTakeFirstOrThrow();
  if (Number(recent.count) < PINGS_PER_MINUTE) return;
  const retryAfter = Math.max(1, Math.ceil((Number(recent.oldest) + MINUTE_MS - now) / 1000));
  throw new ApiError(
    429,
    'rate_limited',
    `A heartbeat takes at most ${PINGS_PER_MINUTE} pings a minute. Try again in ${retryAfter} s.`,
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Logs one ping inside its batch's transaction (the monitor row already locked there): refused
 * with 429 past the rate limit before anything is written, so a refusal leaves the batch intact.
 */
export async function logPing(
  tx: Kysely<Database>,
  monitor: MonitorTable,
  ping: Ping,
  now: number,
): Promise<void> {
  await rateLimit(tx, monitor.id, now);
  const startedAt = await pairedStart(tx, monitor, ping);
  await tx
    .insertInto('heartbeat_pings')
    .values({
      id: uuidv7(),
      monitor_id: monitor.id,
      at: now,
      kind: ping.kind,
      exit_status: ping.exitStatus,
      rid: ping.rid,
      duration_ms: startedAt === null ? null : now - startedAt,
      source_address: ping.sourceAddress,
      user_agent: ping.userAgent,
      body: ping.body,
      body_truncated: ping.bodyTruncated ? 1 : 0,
    })
    .execute();
  await sql`
    delete from heartbeat_pings where monitor_id = ${monitor.id} and id not in (
      select id from heartbeat_pings where monitor_id = ${monitor.id} order by at desc, id desc limit ${PINGS_KEPT}
    )`.execute(tx);
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
