// Rows to API shapes, and the owner-scoped reads every performance route starts from.
import type { Kysely } from 'kysely';
import {
  type Budget,
  isLabBudget,
  type PerformanceMetrics,
  type PerformanceRun,
  type PerformanceSite,
} from '../../core/api/performance.ts';
import type { PerformanceCheckTable, PerformanceSiteTable } from '../platform/db/performance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { trendOf } from './budget-math.ts';

export const siteNotFound = () =>
  new ApiError(404, 'performance_site_not_found', 'No performance site with this id in your account.');

export async function getOwnedSiteRow(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<PerformanceSiteTable> {
  const row = await db
    .selectFrom('performance_sites')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw siteNotFound();
  return row;
}

export function metricsOf(row: PerformanceCheckTable): PerformanceMetrics | null {
  if (row.status !== 'succeeded') return null;
  return {
    performanceScore: row.performance_score,
    lcpMs: row.lcp_ms,
    cls: row.cls,
    tbtMs: row.tbt_ms,
    fcpMs: row.fcp_ms,
    speedIndexMs: row.speed_index_ms,
    serverResponseMs: row.server_response_ms,
    totalBytes: row.total_bytes,
    requestCount: row.request_count,
  };
}

export function metricColumns(metrics: PerformanceMetrics) {
  return {
    performance_score: metrics.performanceScore,
    lcp_ms: metrics.lcpMs,
    cls: metrics.cls,
    tbt_ms: metrics.tbtMs,
    fcp_ms: metrics.fcpMs,
    speed_index_ms: metrics.speedIndexMs,
    server_response_ms: metrics.serverResponseMs,
    total_bytes: metrics.totalBytes,
    request_count: metrics.requestCount,
  };
}

export function toRun(row: PerformanceCheckTable): PerformanceRun {
  return {
    id: row.id,
    siteId: row.site_id,
    status: row.status,
    reason: row.reason,
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    metrics: metricsOf(row),
    opportunities: JSON.parse(row.opportunities),
    blockedRequests: JSON.parse(row.blocked_requests),
    violations: JSON.parse(row.violations),
    regressions: JSON.parse(row.regressions),
  };
}

export const budgetsOf = (row: PerformanceSiteTable): Budget[] => JSON.parse(row.budgets);

const ACTIVE: PerformanceCheckTable['status'][] = ['queued', 'running'];

async function newestRuns(
  db: Kysely<Database>,
  siteId: string,
  statuses: readonly PerformanceCheckTable['status'][],
  limit: number,
): Promise<PerformanceCheckTable[]> {
  return db
    .selectFrom('performance_checks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', 'in', statuses)
    .orderBy('queued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The API's site: the row plus its newest runs, trend and budget status. */
export async function toSite(
  db: Kysely<Database>,
  row: PerformanceSiteTable,
  frequency: PerformanceSite['frequency'],
): Promise<PerformanceSite> {
  const [lastRun] = await newestRuns(db, row.id, ['succeeded', 'failed'], 1);
  const [latest, previous] = await newestRuns(db, row.id, ['succeeded'], 2);
  const [activeRun] = await newestRuns(db, row.id, ACTIVE, 1);
  const budgets = budgetsOf(row);
  let budgetStatus: PerformanceSite['budgetStatus'] = 'none';
  // A run judges the lab budgets: field budgets alone leave the run's status 'none'.
  if (budgets.some(isLabBudget) && latest)
    budgetStatus = JSON.parse(latest.violations).length > 0 ? 'over' : 'within';
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    device: row.device,
    monitorId: row.monitor_id,
    budgets,
    frequency,
    lastRun: lastRun ? toRun(lastRun) : null,
    activeRun: activeRun ? toRun(activeRun) : null,
    nextRunAt: row.next_run_at,
    budgetStatus,
    trend: trendOf(latest ? metricsOf(latest) : null, previous ? metricsOf(previous) : null),
    createdAt: row.created_at,
  };
}
