// Stores a finished run: its figures, the budgets it broke, the regressions against the runs
// before it, and the violation episodes and alerts that follow, in one transaction.
import type { Kysely } from 'kysely';
import type { PerformanceMetrics } from '../../core/api/performance.ts';
import { REGRESSION_WINDOW_RUNS } from '../../core/api/performance.ts';
import type { PerformanceCheckResult } from '../checks/performance.ts';
import type { PerformanceCheckTable, PerformanceSiteTable } from '../platform/db/performance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { regressionsOf, violationsOf } from './budget-math.ts';
import { applyViolations } from './episodes.ts';
import { budgetsOf, metricColumns, metricsOf } from './repository.ts';

export interface FinishedRun {
  run: PerformanceCheckTable;
  site: PerformanceSiteTable;
  result: Pick<
    PerformanceCheckResult,
    'status' | 'failure' | 'metrics' | 'opportunities' | 'blockedRequests'
  >;
  /** Whether the owner's plan has performance budgets now (a downgrade stops judging them). */
  budgetsAllowed: boolean;
  now: number;
  workerId: string;
}

async function previousMetrics(
  db: Kysely<Database>,
  run: PerformanceCheckTable,
): Promise<PerformanceMetrics[]> {
  const rows = await db
    .selectFrom('performance_checks')
    .selectAll()
    .where('site_id', '=', run.site_id)
    .where('status', '=', 'succeeded')
    .where('id', '!=', run.id)
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REGRESSION_WINDOW_RUNS)
    .execute();
  return rows.map((row) => metricsOf(row)).filter((m): m is PerformanceMetrics => m !== null);
}

/** Returns false when the run was no longer this worker's to finish (its claim was taken over). */
export async function recordRun(db: Kysely<Database>, finished: FinishedRun): Promise<boolean> {
  const { run, site, result, now, workerId } = finished;
  const metrics = result.status === 'down' ? null : result.metrics;
  const violations = metrics && finished.budgetsAllowed ? violationsOf(metrics, budgetsOf(site)) : [];
  const regressions = metrics ? regressionsOf(metrics, await previousMetrics(db, run)) : [];
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('performance_checks')
      .set({
        status: metrics ? 'succeeded' : 'failed',
        finished_at: now,
        claimed_by: null,
        claimed_until: null,
        error_code: result.failure?.code ?? null,
        error_message: result.failure?.message ?? null,
        ...(metrics ? metricColumns(metrics) : {}),
        opportunities: JSON.stringify(result.opportunities),
        blocked_requests: JSON.stringify(result.blockedRequests),
        violations: JSON.stringify(violations),
        regressions: JSON.stringify(regressions),
      })
      .where('id', '=', run.id)
      .where('claimed_by', '=', workerId)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    // A failed run says nothing about budgets: open episodes stay open until a measured run.
    if (metrics && finished.budgetsAllowed) {
      await applyViolations(tx, site, { runId: run.id, violations, values: metrics, now });
    }
    return true;
  });
}
