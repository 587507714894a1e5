// Row shapes of performance sites, their Lighthouse runs, budget violation episodes and the
// performance alerts sent (migration 0013).
import type { DeviceProfile, PerformanceMetric, RunStatus } from '../../../core/api/performance.ts';

export interface PerformanceSiteTable {
  id: string;
  workspace_id: string;
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

/** One episode of a metric over its budget: opened by a run, closed by the first run within it. */
export interface BudgetViolationTable {
  id: string;
  site_id: string;
  workspace_id: string;
  metric: PerformanceMetric;
  limit_value: number;
  worst_value: number;
  started_run_id: string;
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
  metric: PerformanceMetric;
  value: number;
  limit_value: number;
  created_at: number;
}

export interface PerformanceTables {
  performance_sites: PerformanceSiteTable;
  performance_checks: PerformanceCheckTable;
  budget_violations: BudgetViolationTable;
  performance_alerts: PerformanceAlertTable;
}
