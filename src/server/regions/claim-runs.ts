// A region's workers claim that region's runs of multi-region monitors (issue 21): one row per
// monitor and region, claimed like an unregioned monitor through the one claim (SKIP LOCKED on
// PostgreSQL, the lease index for a dead worker's runs), so each region checks each round once.
import { type Kysely, sql } from 'kysely';
import { monitorsById } from '../monitors/repository.ts';
import { claimDue } from '../platform/db/claim.ts';
import type { Dialect } from '../platform/db/connect.ts';
import { type ClaimOptions, type ClaimSource, claimWindows, largerOf } from '../platform/db/dialect.ts';
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

/** One claim statement (platform/db/claim.ts): its due rows join monitors and lock only their own. */
export function claimRunsQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  source: ClaimSource,
  { now, dueBy = now, after, limit, workerId, leaseMarginMs, region }: RegionRunClaim,
) {
  const within = db
    .selectFrom('monitor_regions as r')
    .innerJoin('monitors as m', 'm.id', 'r.monitor_id')
    .select(['r.monitor_id', 'r.region'])
    .where('r.region', '=', region)
    .where('r.next_run_at', '<=', dueBy)
    .where('m.paused', '=', 0);
  const waiting =
    source === 'free'
      ? (after === undefined ? within : within.where('r.next_run_at', '>', after))
          .where('r.claimed_until', 'is', null)
          .orderBy('r.next_run_at')
      : within.where('r.claimed_until', '<=', now);
  return claimDue(db, dialect, {
    table: 'monitor_regions',
    key: ['monitor_id', 'region'],
    due: waiting.limit(limit),
    lockOf: 'r',
    set: {
      claimed_until: sql<number>`${largerOf(dialect, sql`monitor_regions.next_run_at`, sql`cast(${now} as bigint)`)}
        + (select m.timeout_ms from monitors m where m.id = monitor_regions.monitor_id) + ${leaseMarginMs}`,
      claimed_by: workerId,
    },
  });
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
    options.expired === false ? [] : await claimRunsQuery(db, dialect, 'expired', options).execute();
  for (const window of claimWindows(options)) {
    if (runs.length >= options.limit) break;
    const limit = options.limit - runs.length;
    runs.push(...(await claimRunsQuery(db, dialect, 'free', { ...options, ...window, limit }).execute()));
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
