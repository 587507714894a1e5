// Dependencies (issue 19): a monitor may depend on others. While one of them is failing, the
// dependant's outage opens no incident and sends nothing; it is listed on the upstream's
// incident and recovers with it. When the dependant is confirmed down first, its alert waits
// while its upstreams are checked at once: if one turns out down, the dependant's unsent
// incident folds into the upstream's.
import { sql, type Transaction } from 'kysely';
import { kindOf } from '../monitors/kinds/registry.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import { bringRegionRunsForward } from '../regions/assignment.ts';

type Tx = Transaction<Database>;

/** Brought forward to learn whether a dependant's outage is really its upstream's. */
export const DEPENDENCY_CHECK_REASON = 'dependency';
/** Beyond the upstream's timeout and confirmation, for the claim and the batch to land. */
const HOLD_MARGIN_MS = 5_000;

export type Upstream = Pick<
  MonitorTable,
  'id' | 'name' | 'kind' | 'status' | 'confirming_since' | 'timeout_ms' | 'paused'
>;

export async function upstreamsOf(tx: Tx, monitorId: string): Promise<Upstream[]> {
  return tx
    .selectFrom('monitor_dependencies')
    .innerJoin('monitors', 'monitors.id', 'monitor_dependencies.depends_on_id')
    .select([
      'monitors.id',
      'monitors.name',
      'monitors.kind',
      'monitors.status',
      'monitors.confirming_since',
      'monitors.timeout_ms',
      'monitors.paused',
    ])
    .where('monitor_dependencies.monitor_id', '=', monitorId)
    .orderBy('monitors.name')
    .execute();
}

/** Down, or failed and awaiting its confirming re-check. */
export function isFailing(upstream: Upstream): boolean {
  return upstream.paused === 0 && (upstream.status === 'down' || upstream.confirming_since !== null);
}

/**
 * How long a dependant's new alert waits for its upstreams' verdict: those not yet failing are
 * made due now, those failing are being confirmed. Null when none can tell (paused, or judged
 * by pings).
 */
export async function holdForUpstreams(
  tx: Tx,
  upstreams: readonly Upstream[],
  now: number,
  confirmDelayMs: number,
): Promise<number | null> {
  const live = upstreams.filter((u) => u.paused === 0 && !kindOf(u).nextRunAt);
  if (live.length === 0) return null;
  const quiet = live.filter((u) => !isFailing(u)).map((u) => u.id);
  if (quiet.length > 0) {
    await tx
      .updateTable('monitors')
      .set({ next_run_at: sql<number>`cast(${now} as bigint)`, check_reason: DEPENDENCY_CHECK_REASON })
      .where('id', 'in', quiet)
      .where('next_run_at', '>', now)
      .execute();
    await bringRegionRunsForward(tx, quiet, now);
  }
  return now + Math.max(...live.map((u) => u.timeout_ms)) + confirmDelayMs + HOLD_MARGIN_MS;
}

/** Lists the monitor as affected by the incident, once. */
export async function listAffected(tx: Tx, incidentId: string, monitorId: string): Promise<boolean> {
  const listed = await tx
    .selectFrom('incident_monitors')
    .select('monitor_id')
    .where('incident_id', '=', incidentId)
    .where('monitor_id', '=', monitorId)
    .executeTakeFirst();
  if (listed) return false;
  await tx
    .insertInto('incident_monitors')
    .values({ incident_id: incidentId, monitor_id: monitorId })
    .execute();
  return true;
}

/** The monitors depending on `upstreamId` that are down now. */
export async function downDependants(tx: Tx, upstreamId: string): Promise<MonitorTable[]> {
  return tx
    .selectFrom('monitor_dependencies')
    .innerJoin('monitors', 'monitors.id', 'monitor_dependencies.monitor_id')
    .selectAll('monitors')
    .where('monitor_dependencies.depends_on_id', '=', upstreamId)
    .where('monitors.status', '=', 'down')
    .where('monitors.paused', '=', 0)
    .execute();
}

/**
 * Takes back an incident's alerts if none has gone out or is going (all pending, never tried,
 * unclaimed) and says whether it could. A held alert others joined hands the group to the
 * next of them.
 */
export async function withdrawUnsentAlerts(tx: Tx, incidentId: string): Promise<boolean> {
  const rows = await tx
    .selectFrom('alert_deliveries')
    .select(['id', 'status', 'attempts', 'claimed_until', 'group_id', 'next_attempt_at'])
    .where('incident_id', '=', incidentId)
    .execute();
  if (rows.some((row) => row.status !== 'pending' || row.attempts > 0 || row.claimed_until !== null)) {
    return false;
  }
  for (const leader of rows.filter((row) => row.group_id === null)) {
    const members = await tx
      .selectFrom('alert_deliveries')
      .select('id')
      .where('group_id', '=', leader.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const [heir, ...rest] = members;
    if (!heir) continue;
    await tx
      .updateTable('alert_deliveries')
      .set({ group_id: null, next_attempt_at: leader.next_attempt_at })
      .where('id', '=', heir.id)
      .execute();
    if (rest.length > 0) {
      await tx
        .updateTable('alert_deliveries')
        .set({ group_id: heir.id })
        .where(
          'id',
          'in',
          rest.map((member) => member.id),
        )
        .execute();
    }
  }
  await tx.deleteFrom('alert_deliveries').where('incident_id', '=', incidentId).execute();
  return true;
}
