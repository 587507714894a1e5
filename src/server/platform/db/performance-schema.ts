// Row shapes of performance sites, their Lighthouse runs, budget violation episodes and the
// performance alerts sent (migration 0013), and field budgets' hourly streaks (migration 0047).
import type { Generated } from 'kysely';
import type { BudgetMetric, BudgetSource, DeviceProfile, RunStatus } from '../../../core/api/performance.ts';

export interface PerformanceSiteTable {
  id: string;
  workspace_id: string;
  /**
   * The stable key from upwatch.yaml when a file manages it (migration 0048). Optional like the
   * monitors' one, so rows for databases of earlier releases can be written in tests.
   */
  managed_key?: string | null;
  url: string;
  name: string;
  device: DeviceProfile;
  monitor_id: string | null;
  /** JSON Budget[]. */
  budgets: string;
  /** When the next scheduled run is queued; a worker claims the site by moving it forward. */
  next_run_at: number;
  created_at: number;
  updated_at: number;
}

export interface PerformanceCheckTable {
  id: string;
  site_id: string;
  workspace_id: string;
  status: RunStatus;
  reason: 'schedule' | 'manual' | 'deployment';
  queued_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** A running run's lease: a dead worker's run is taken over once it lapses. */
  claimed_by: string | null;
  claimed_until: number | null;
  error_code: string | null;
  error_message: string | null;
  performance_score: number | null;
  lcp_ms: number | null;
  cls: number | null;
  tbt_ms: number | null;
  fcp_ms: number | null;
  speed_index_ms: number | null;
  server_response_ms: number | null;
  total_bytes: number | null;
  request_count: number | null;
  /** JSON Opportunity[]. */
  opportunities: string;
  /** JSON string[]: URLs the SSRF guard refused. */
  blocked_requests: string;
  /** JSON {metric, value, limit}[]. */
  violations: string;
  /** JSON {metric, value, median}[]. */
  regressions: string;
}

/**
 * One episode of a metric over its budget. A lab budget's is opened by a run and closed by the
 * first run within it; a field budget's by its hourly streaks (field_budget_streaks), with no run.
 */
export interface BudgetViolationTable {
  id: string;
  site_id: string;
  workspace_id: string;
  /** 'lab' unless written for a field budget (the column's default). */
  source: Generated<BudgetSource>;
  metric: BudgetMetric;
  limit_value: number;
  worst_value: number;
  /** The run that opened it; null for a field budget. */
  started_run_id: string | null;
  started_at: number;
  ended_run_id: string | null;
  recovered_at: number | null;
}

export interface PerformanceAlertTable {
  id: string;
  site_id: string;
  workspace_id: string;
  violation_id: string;
  kind: 'performance.budget_exceeded' | 'performance.budget_recovered';
  source: Generated<BudgetSource>;
  metric: BudgetMetric;
  value: number;
  limit_value: number;
  created_at: number;
}

/**
 * A field budget's judgement of the site's hours: each hour the p75 over the budget's window is
 * breached, healthy or too thin to say; the streaks count breached and healthy hours in a row.
 */
export interface FieldBudgetStreakTable {
  site_id: string;
  /** A field vital: one field budget per metric and site. */
  metric: string;
  workspace_id: string;
  /** JSON FieldBudget the streaks were counted for: a changed budget starts counting again. */
  budget: string;
  /** The end of the last hour judged (its window ends there): each hour is judged once. */
  evaluated_hour_at: number;
  breached_hours: number;
  healthy_hours: number;
  /** The last judged window's p75 and page views (null p75: no page view reported the metric). */
  p75: number | null;
  page_views: number;
}

export interface PerformanceTables {
  performance_sites: PerformanceSiteTable;
  performance_checks: PerformanceCheckTable;
  budget_violations: BudgetViolationTable;
  performance_alerts: PerformanceAlertTable;
  field_budget_streaks: FieldBudgetStreakTable;
}
