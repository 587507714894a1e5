// What retention prunes: one entry per data kind. A kind names its table, the columns that
// identify a row, how the row reaches its owner, the timestamp it ages by and how many days a
// plan keeps it. Adding a kind is one entry here.
import { PLANS, type PlanId, type RetentionKey } from '../../core/plans.ts';

/**
 * The row's owner: a `workspace_id` column (a digest's `user_id`: a person's digest is kept as
 * long as their personal workspace's plan keeps it, and that workspace's id is theirs), or a
 * parent row's through a foreign key (the table's index leads with that column, then the age
 * column, so each parent is one range).
 */
export type OwnerPath =
  | { column: 'workspace_id' | 'user_id' }
  | {
      column: string;
      parent: 'monitors' | 'performance_sites';
      /** The parent's column the owner column holds: its id, or a monitor's number (check results). */
      parentKey?: 'seq';
    };

export interface RetentionKind {
  kind: string;
  label: string;
  table: string;
  /** Columns identifying a row, in the table's primary key order (check_results is clustered). */
  key: readonly string[];
  owner: OwnerPath;
  /** Rows age by this column; a row where it is null (an open incident) is never pruned. */
  at: string;
  /** Days a plan keeps it: the plan's retention, or the same for every plan. */
  keep: { retention: RetentionKey } | { days: number };
  /** A column telling how many of what the kind counts one row holds (a packed hour's checks). */
  weight?: string;
  /** The kind the retention dialog counts these rows as (packed hours are check results). */
  countedAs?: string;
}

const BY_MONITOR = { column: 'monitor_id', parent: 'monitors' } as const;
const BY_SITE = { column: 'site_id', parent: 'performance_sites' } as const;
const BY_WORKSPACE = { column: 'workspace_id' } as const;

export const RETENTION_KINDS: readonly RetentionKind[] = [
  {
    kind: 'checks',
    label: 'Check results',
    table: 'check_results',
    key: ['monitor_seq', 'checked_at'],
    owner: { column: 'monitor_seq', parent: 'monitors', parentKey: 'seq' },
    at: 'checked_at',
    keep: { retention: 'checks' },
  },
  {
    // Results older than two days, packed per monitor and hour (history/pack-hours.ts): aged by
    // the hour's last check, so no check goes before its own time.
    kind: 'checks_packed',
    label: 'Check results',
    table: 'check_result_hours',
    key: ['monitor_seq', 'hour_at'],
    owner: { column: 'monitor_seq', parent: 'monitors', parentKey: 'seq' },
    at: 'last_at',
    keep: { retention: 'checks' },
    weight: 'checks',
    countedAs: 'checks',
  },
  {
    kind: 'ssl_checks',
    label: 'SSL checks',
    table: 'ssl_checks',
    key: ['id'],
    owner: BY_MONITOR,
    at: 'checked_at',
    keep: { retention: 'sslChecks' },
  },
  {
    kind: 'performance_checks',
    label: 'Performance checks',
    table: 'performance_checks',
    key: ['id'],
    owner: BY_SITE,
    at: 'queued_at',
    keep: { retention: 'performanceChecks' },
  },
  {
    // Real visitors' page views, an hour of a route on a device per row: kept as long as the
    // lab runs beside them (issue 42, item 3).
    kind: 'rum_hours',
    label: 'Field data (hours)',
    table: 'rum_hours',
    key: ['site_id', 'hour_at', 'route', 'device'],
    owner: BY_SITE,
    at: 'hour_at',
    keep: { retention: 'performanceChecks' },
  },
  {
    kind: 'rum_days',
    label: 'Field data (days)',
    table: 'rum_days',
    key: ['site_id', 'hour_at', 'route', 'device'],
    owner: BY_SITE,
    at: 'hour_at',
    keep: { retention: 'performanceChecks' },
  },
  {
    kind: 'deployments',
    label: 'Deployments',
    table: 'deployments',
    key: ['id'],
    owner: BY_WORKSPACE,
    at: 'deployed_at',
    keep: { retention: 'deployments' },
  },
  {
    // Aged by resolution: open incidents have none. Events, updates, notes, monitors and
    // alert deliveries go with the incident (foreign keys cascade).
    kind: 'incidents',
    label: 'Incidents',
    table: 'incidents',
    key: ['id'],
    owner: BY_WORKSPACE,
    at: 'resolved_at',
    keep: { retention: 'incidents' },
  },
  {
    // Kept as long as the incidents they would explain.
    kind: 'audit_events',
    label: 'Audit log',
    table: 'audit_events',
    key: ['id'],
    owner: { column: 'workspace_id' },
    at: 'at',
    keep: { retention: 'incidents' },
  },
  {
    kind: 'performance_alerts',
    label: 'Performance alerts',
    table: 'performance_alerts',
    key: ['id'],
    owner: BY_SITE,
    at: 'created_at',
    keep: { retention: 'performanceAlerts' },
  },
  {
    // Aged by recovery, like incidents: a budget still exceeded is never pruned.
    kind: 'budget_violations',
    label: 'Budget violations',
    table: 'budget_violations',
    key: ['id'],
    owner: BY_SITE,
    at: 'recovered_at',
    keep: { retention: 'budgetViolations' },
  },
  {
    kind: 'digest_reports',
    label: 'Digest reports',
    table: 'digest_reports',
    key: ['id'],
    owner: { column: 'user_id' },
    at: 'created_at',
    keep: { retention: 'digestReports' },
  },
  {
    // Completed windows, kept as long as the incidents they would explain; their monitors and
    // public updates go with them (foreign keys cascade). A window that may still run has no
    // completed_at and is never pruned.
    kind: 'maintenance_windows',
    label: 'Maintenance windows',
    table: 'maintenance_windows',
    key: ['id'],
    owner: BY_WORKSPACE,
    at: 'completed_at',
    keep: { retention: 'incidents' },
  },
  {
    // Only needed until every subscriber was told; their deliveries go with them.
    kind: 'status_page_notices',
    label: 'Status page notices',
    table: 'status_page_notices',
    key: ['id'],
    owner: BY_WORKSPACE,
    at: 'created_at',
    keep: { days: 30 },
  },
  // Status pages show 90 days of bars to everyone, so rollups do not follow the plan.
  {
    kind: 'rollups_hourly',
    label: 'Hourly rollups',
    table: 'rollups_hourly',
    key: ['monitor_id', 'bucket_start'],
    owner: BY_MONITOR,
    at: 'bucket_start',
    keep: { days: 90 },
  },
  {
    kind: 'rollups_daily',
    label: 'Daily rollups',
    table: 'rollups_daily',
    key: ['monitor_id', 'bucket_start'],
    owner: BY_MONITOR,
    at: 'bucket_start',
    keep: { days: 400 },
  },
  {
    kind: 'region_rollups_daily',
    label: 'Daily rollups per region',
    table: 'region_rollups_daily',
    key: ['monitor_id', 'bucket_start', 'region'],
    owner: BY_MONITOR,
    at: 'bucket_start',
    keep: { days: 400 },
  },
];

export const DAY_MS = 86_400_000;

export function keepDays(kind: RetentionKind, plan: PlanId): number {
  return 'days' in kind.keep ? kind.keep.days : PLANS[plan].limits.retentionDays[kind.keep.retention];
}

/** The oldest timestamp kept: rows aged strictly before it go. */
export function cutoffFor(kind: RetentionKind, plan: PlanId, now: number): number {
  return now - keepDays(kind, plan) * DAY_MS;
}

/** Kinds whose window depends on the plan: what a plan change can prune. */
export function planKinds(): RetentionKind[] {
  return RETENTION_KINDS.filter((kind) => 'retention' in kind.keep);
}
