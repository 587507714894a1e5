// A region's workers claim that region's runs of multi-region monitors (issue 21): one row per
// monitor and region, claimed like an unregioned monitor (SKIP LOCKED on PostgreSQL, the lease
// index for a dead worker's runs), so each region checks each round exactly once.
import { type Kysely, sql } from 'kysely';
import { monitorsById } from '../monitors/repository.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { type ClaimOptions, type ClaimSource, claimWindows, largerOf } from '../platform/db/dialect.ts';
import { skipLockedRows } from '../platform/db/row-locks.ts';
import type { Database, MonitorTable } from '../platform/db/schema.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';

export interface RegionRunClaim extends ClaimOptions {
  region: string;
}

/** A claimed run: the monitor to check and its row in the claiming worker's region. */
export interface ClaimedRun {
  monitor: MonitorTable;
  run: MonitorRegionTable;
}

/** One claim statement (a CTE runs once, so LIMIT bounds it; see claimDueMonitorsQuery). */
export function claimRunsQuery(
  dialect: Dialect,
  source: ClaimSource,
  { now, dueBy = now, after, limit, workerId, leaseMarginMs, region }: RegionRunClaim,
) {
  const since = after === undefined ? sql`` : sql`and r.next_run_at > ${after}`;
  const waiting =
    source === 'free'
      ? sql`r.claimed_until is null ${since} order by r.next_run_at`
      : sql`r.claimed_until <= ${now}`;
  const lock = skipLockedRows(dialect, 'r');
  return sql<MonitorRegionTable>`
    with due as (
      select r.monitor_id from monitor_regions r
      join monitors m on m.id = r.monitor_id
      where r.region = ${region} and r.next_run_at <= ${dueBy} and m.paused = 0 and ${waiting}
      limit ${limit} ${lock}
    )
    update monitor_regions set
      claimed_until = ${largerOf(dialect, sql`monitor_regions.next_run_at`, sql`cast(${now} as bigint)`)}
        + (select m.timeout_ms from monitors m where m.id = monitor_regions.monitor_id) + ${leaseMarginMs},
      claimed_by = ${workerId}
    from due
    where monitor_regions.monitor_id = due.monitor_id and monitor_regions.region = ${region}
    returning monitor_regions.monitor_id, monitor_regions.region, monitor_regions.next_run_at, monitor_regions.claimed_until, monitor_regions.claimed_by, monitor_regions.status, monitor_regions.confirming_since, monitor_regions.last_checked_at, monitor_regions.latency_ms, monitor_regions.failure_code, monitor_regions.failure_message
  `;
}

/**
 * Claims up to `limit` of a region's due runs: expired leases first (unless told not to), then
 * free ones, on time before overdue (claimWindows), as unregioned monitors are.
 */
export async function claimRegionRuns(
  db: Kysely<Database>,
  dialect: Dialect,
  options: RegionRunClaim,
): Promise<ClaimedRun[]> {
  const runs =
    options.expired === false ? [] : (await claimRunsQuery(dialect, 'expired', options).execute(db)).rows;
  for (const window of claimWindows(options)) {
    if (runs.length >= options.limit) break;
    const limit = options.limit - runs.length;
    runs.push(...(await claimRunsQuery(dialect, 'free', { ...options, ...window, limit }).execute(db)).rows);
  }
  if (runs.length === 0) return [];
  const byId = await monitorsById(
    db,
    runs.map((run) => run.monitor_id),
  );
  return runs.flatMap((run) => {
    const monitor = byId.get(run.monitor_id);
    // Deleted between the claim and this read: its rows went with it.
    return monitor ? [{ monitor, run: { ...run, next_run_at: Number(run.next_run_at) } }] : [];
  });
}

/** Gives a region's claimed runs back (a worker stopping with checks it could not start or finish). */
export async function releaseRegionRuns(
  db: Kysely<Database>,
  workerId: string,
  monitorIds: readonly string[],
): Promise<void> {
  if (monitorIds.length === 0) return;
  await db
    .updateTable('monitor_regions')
    .set({ claimed_until: null, claimed_by: null })
    .where('monitor_id', 'in', monitorIds)
    .where('claimed_by', '=', workerId)
    .execute();
}
