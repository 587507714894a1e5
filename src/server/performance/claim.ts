// Claiming performance work across workers the way checks are claimed (db/claim.ts: no two
// workers run the same site or the same queued run).
import { type Kysely, sql } from 'kysely';
import { claimDue, leaseUntil } from '../platform/db/claim.ts';
import type { Dialect } from '../platform/db/connect.ts';
import type { PerformanceCheckTable, PerformanceSiteTable } from '../platform/db/performance-schema.ts';
import type { Database } from '../platform/db/schema.ts';

/** The due-site claim statement (tests explain it). */
export function claimDueSitesQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, limit, leaseMs }: { now: number; limit: number; leaseMs: number },
) {
  return claimDue(db, dialect, {
    table: 'performance_sites',
    key: 'id',
    due: db
      .selectFrom('performance_sites')
      .select('id')
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(limit),
    // The site's next run is its lease: pushed past the run, it is due again if the worker dies.
    set: { next_run_at: leaseUntil(now + leaseMs) },
  });
}

/** Sites whose scheduled run is due, held for `leaseMs` until the caller sets their next run. */
export async function claimDueSites(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; limit: number; leaseMs: number },
): Promise<PerformanceSiteTable[]> {
  return claimDueSitesQuery(db, dialect, options).execute();
}

/** The next-run claim statement (tests explain it). */
export function claimNextRunQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, workerId, leaseMs }: { now: number; workerId: string; leaseMs: number },
) {
  return claimDue(db, dialect, {
    table: 'performance_checks',
    key: 'id',
    due: db
      .selectFrom('performance_checks')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('claimed_until', '<=', now)]),
        ]),
      )
      .orderBy('queued_at')
      .orderBy('id')
      .limit(1),
    set: {
      status: 'running',
      started_at: sql<number>`cast(${now} as bigint)`,
      claimed_by: workerId,
      claimed_until: leaseUntil(now + leaseMs),
    },
  });
}

/** The oldest queued run (or one whose worker's lease lapsed), now running for this worker. */
export async function claimNextRun(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; workerId: string; leaseMs: number },
): Promise<PerformanceCheckTable | undefined> {
  const [run] = await claimNextRunQuery(db, dialect, options).execute();
  return run;
}
