// Claiming performance work across workers the way checks are claimed: SKIP LOCKED on PostgreSQL
// lets any number of workers claim without double runs; SQLite has a single writer, so the plain
// subquery is already exclusive.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connect.ts';
import type { PerformanceCheckTable, PerformanceSiteTable } from '../db/performance-schema.ts';
import type { Database } from '../db/schema.ts';

/** The due-site claim statement (tests explain it). */
export function claimDueSitesQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  { now, limit, leaseMs }: { now: number; limit: number; leaseMs: number },
) {
  return db
    .with('due', (qb) => {
      const due = qb
        .selectFrom('performance_sites')
        .select('id')
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .updateTable('performance_sites')
    .from('due')
    .whereRef('performance_sites.id', '=', 'due.id')
    .set({ next_run_at: sql<number>`cast(${now + leaseMs} as bigint)` })
    .returningAll();
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
  return db
    .with('next', (qb) => {
      const next = qb
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
        .limit(1);
      return dialect === 'postgres' ? next.forUpdate().skipLocked() : next;
    })
    .updateTable('performance_checks')
    .from('next')
    .whereRef('performance_checks.id', '=', 'next.id')
    .set({
      status: 'running',
      started_at: sql<number>`cast(${now} as bigint)`,
      claimed_by: workerId,
      claimed_until: sql<number>`cast(${now + leaseMs} as bigint)`,
    })
    .returningAll();
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
