// Table types. better-auth's tables keep its own shapes; Upwatch's tables store epoch-ms
// integers, 0/1 booleans, JSON as text and UUIDv7 ids.
import type { Generated } from 'kysely';
import type { MonitorKind } from '../../../core/api/monitors.ts';
import type { AlertTables } from './alert-schema.ts';
import type { ApiKeyTables } from './api-key-schema.ts';
import type { AuditTables } from './audit-schema.ts';
import type { BillingTables } from './billing-schema.ts';
import type { DeploymentTables } from './deployment-schema.ts';
import type { DigestTables } from './digest-schema.ts';
import type { DomainTables } from './domain-schema.ts';
import type { EscalationTables } from './escalation-schema.ts';
import type { HeartbeatTables } from './heartbeat-schema.ts';
import type { IncidentTables } from './incident-schema.ts';
import type { MaintenanceTables } from './maintenance-schema.ts';
import type { PerformanceTables } from './performance-schema.ts';
import type { RumTables } from './rum-schema.ts';
import type { MonitorSslStateTable, SslCheckTable } from './ssl-schema.ts';
import type { StatusPageTables } from './status-page-schema.ts';
import type { SubscriberTables } from './subscriber-schema.ts';
import type { WorkerTables } from './worker-schema.ts';
import type { WorkspaceTables } from './workspace-schema.ts';

type AuthDate = Date | string;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  timezone: string | null;
  /** better-auth's two-factor plugin: a code is asked at sign-in. */
  twoFactorEnabled: Generated<boolean | number>;
}

/** better-auth's two-factor plugin: a person's TOTP secret and backup codes, encrypted by it. */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: Generated<boolean | number>;
  failedVerificationCount: Generated<number>;
  lockedUntil: AuthDate | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** The workspace the session works in (better-auth's active organization). */
  activeOrganizationId: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number;
}

export type MonitorStatus = 'up' | 'down' | 'degraded' | 'paused' | 'pending';
export type CheckStatus = 'up' | 'down' | 'degraded';

export interface MonitorTable {
  id: string;
  workspace_id: string;
  /**
   * The stable key from upwatch.yaml when a file manages it (migration 0037). Optional like the
   * other later columns, so rows for databases of earlier releases can be written in tests.
   */
  managed_key?: string | null;
  name: string;
  /** http, tcp, dns… (migration 0016). */
  kind: MonitorKind;
  /** The target as a URL for every kind: https://…, tcp://host:port, dns://name/A. */
  url: string;
  /** JSON: the settings of kinds other than http, which keeps its own columns. */
  config: string | null;
  method: string;
  /** JSON object of header name to value. */
  headers: string;
  body: string | null;
  expected_status: string;
  keyword: string | null;
  keyword_mode: 'contains' | 'not_contains' | null;
  /** JSON array of the http kind's body and header assertions; null for none (migration 0020). */
  assertions: string | null;
  timeout_ms: number;
  follow_redirects: number;
  ignore_tls_errors: number;
  degraded_above_ms: number | null;
  interval_seconds: number;
  /** The interval a plan change raised this monitor from (cleared when the user sets one). */
  interval_raised_from_seconds: number | null;
  paused: number;
  /** 0/1: shown at /status/monitor/{id} and on badges (migration 0010). */
  is_public: number;
  /** 0/1: warn before the registrable domain of the monitor's host expires (migration 0018). */
  domain_expiry: number;
  status: MonitorStatus;
  streak: number;
  last_checked_at: number | null;
  last_status_change_at: number | null;
  last_latency_ms: number | null;
  /** Set while a failure waits for its confirming re-check. */
  confirming_since: number | null;
  next_run_at: number;
  claimed_until: number | null;
  claimed_by: string | null;
  /** Why the next run was brought forward ('deployment'); copied onto its result (migration 0012). */
  check_reason?: string | null;
  /** The escalation policy its outages follow; null: the workspace's default (migration 0030). */
  escalation_policy_id?: string | null;
  /** A heartbeat's secret ping token, unique (migration 0019); null for other kinds. */
  ping_token?: string | null;
  /** A heartbeat's last completed run (success, fail or exit status). */
  last_ping_at?: number | null;
  /** Why that run failed; null when it succeeded. */
  last_ping_failure?: string | null;
  /** A heartbeat's /start not yet followed by its success, and its ?rid=. */
  run_started_at?: number | null;
  run_rid?: string | null;
  /** Remind the monitor's channels every so many minutes while it stays down (migration 0031). */
  renotify_minutes?: number | null;
  /** 0/1: alert when it has answered slowly (degraded) for two checks running. */
  alert_on_degraded?: number;
  /**
   * While a maintenance window's occurrence covers the monitor: the window and when it ends
   * (migration 0029). A result checked before that end is a maintenance check.
   */
  maintenance_window_id?: string | null;
  maintenance_until?: number | null;
  /** 1 when checked from several regions (migration 0039): monitor_regions holds its schedule. */
  regional?: number;
  /** JSON array of the regions chosen for it; null: every live region. */
  regions?: string | null;
  /** How many regions must fail for it to be down; null: more than half. */
  quorum?: number | null;
  /** 0/1: alert when one region fails alone (no incident). */
  alert_on_region_failure?: number;
  /** Comma-separated regions failing now. */
  failing_regions?: string | null;
  /**
   * The monitor's small number, check results' key (migration 0022): assigned by the database on
   * insert, so present on every row read back.
   */
  seq?: number;
  created_at: number;
  updated_at: number;
}

/**
 * One stored check, compact (migration 0022): keyed by the monitor's number and the time, status
 * and flags as small integers (history/result-codes.ts), region and failure by dictionary id.
 * history/result-store.ts writes and reads it; nothing else should.
 */
/** What a check measured, stored as it came: the same columns in every shape of a result. */
export interface CheckMeasures {
  status_code: number | null;
  total_ms: number;
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  ttfb_ms: number | null;
  download_ms: number | null;
  response_bytes: number | null;
}

export interface CheckResultTable extends CheckMeasures {
  monitor_seq: number;
  checked_at: number;
  status: number;
  region_id: number;
  failure_id: number | null;
  flags: number;
  /** JSON: what the check read beyond timings, e.g. a DNS answer set (migration 0016). */
  facts: string | null;
}

/** One monitor-hour of results older than two days, packed (history/packed-codec.ts, migration 0041). */
export interface CheckResultHourTable {
  monitor_seq: number;
  /** The hour's start, epoch ms. */
  hour_at: number;
  /** The hour's last check: retention ages the row by it. */
  last_at: number;
  checks: number;
  packed: Uint8Array;
}

export interface CheckRegionTable {
  id: Generated<number>;
  name: string;
}

/** Each distinct failure (code and message) once; `digest` is its key (result-codes.ts). */
export interface CheckFailureTable {
  id: Generated<number>;
  digest: string;
  code: string;
  message: string;
}

/** h0…h18 are latency histogram counts (src/core/latency-histogram.ts). */
export interface RollupTable {
  monitor_id: string;
  bucket_start: number;
  checks: number;
  up_checks: number;
  degraded_checks: number;
  latency_sum_ms: number;
  latency_min_ms: number;
  latency_max_ms: number;
  /** Checks during maintenance: counted here only, never in `checks` (migration 0029; default 0). */
  maintenance_checks?: number;
  /**
   * Time up (or degraded), down and in maintenance, each check standing for the time until the
   * next one (migration 0042; default 0). Uptime is up_ms / (up_ms + down_ms).
   */
  up_ms?: number;
  down_ms?: number;
  maintenance_ms?: number;
  [histogramBucket: `h${number}`]: number;
}

export interface MonitorStatusChangeTable {
  id: string;
  monitor_id: string;
  at: number;
  from_status: MonitorStatus;
  to_status: MonitorStatus;
}

export interface Database
  extends BillingTables,
    IncidentTables,
    AlertTables,
    StatusPageTables,
    ApiKeyTables,
    DeploymentTables,
    PerformanceTables,
    DigestTables,
    DomainTables,
    HeartbeatTables,
    WorkspaceTables,
    AuditTables,
    EscalationTables,
    MaintenanceTables,
    WorkerTables,
    SubscriberTables,
    RumTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  rateLimit: RateLimitTable;
  monitors: MonitorTable;
  check_results: CheckResultTable;
  check_result_hours: CheckResultHourTable;
  check_regions: CheckRegionTable;
  check_failures: CheckFailureTable;
  rollups_hourly: RollupTable;
  rollups_daily: RollupTable;
  monitor_status_changes: MonitorStatusChangeTable;
  ssl_checks: SslCheckTable;
  monitor_ssl_state: MonitorSslStateTable;
  retention_owner_plans: RetentionOwnerPlanTable;
}

/** Each owner's plan as the retention pass last asked the billing engine (migration 0017). */
export interface RetentionOwnerPlanTable {
  workspace_id: string;
  plan_id: string;
  noted_at: number;
}
