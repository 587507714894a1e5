// The seam every check kind plugs into: a runner takes a config and a context and returns a
// result. Runners never touch storage, scheduling or alerts; the scheduler does that with the result.
import type { Clock } from '../platform/clock.ts';
import type { TargetGuard } from '../platform/net/target-guard.ts';

/** Every check kind; the registry must hold a runner for each (checked at compile time). */
export const CHECK_KINDS = ['http', 'tcp', 'ping', 'dns', 'ssl', 'performance'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const FAILURE_CODES = [
  'dns_failed',
  'connection_refused',
  'connection_reset',
  'timeout',
  'tls_error',
  'too_many_redirects',
  'status_mismatch',
  'keyword_missing',
  'keyword_present',
  'assertion_failed',
  'private_target',
  'chromium_not_found',
  'navigation_failed',
  'lighthouse_failed',
  'blocked_target',
  'expect_mismatch',
  'packet_loss',
  'ping_unavailable',
  'dns_no_answer',
  'dns_mismatch',
  'dns_error',
  'heartbeat_missed',
  'heartbeat_run_timeout',
  'heartbeat_failed',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

export interface CheckFailure {
  code: FailureCode;
  /** A sentence for people, e.g. "Expected status 200-399, got 503." */
  message: string;
}

export interface CheckContext {
  /** Aborted when the worker shuts down: the run stops and rejects with the signal's reason. */
  signal: AbortSignal;
  /** A cap the worker may put on the run on top of the monitor's own timeout. */
  timeoutMs?: number;
  clock: Clock;
  /** The SSRF guard: every connection a runner opens goes through it. */
  guard: TargetGuard;
  region: string;
}

/** What every kind's result has in common, so the scheduler can store and judge any of them. */
export interface CheckResult {
  /** up and degraded count as up for uptime; degraded means slower than the monitor's threshold. */
  status: 'up' | 'degraded' | 'down';
  failure: CheckFailure | null;
  /** Epoch ms from the context's clock when the run started. */
  startedAt: number;
  region: string;
}

export interface CheckRunner<Config, Result extends CheckResult, Kind extends CheckKind = CheckKind> {
  readonly kind: Kind;
  /** How many runs of this kind one worker may have in flight (HTTP many, Lighthouse one). */
  readonly concurrency: number;
  run(config: Config, ctx: CheckContext): Promise<Result>;
}
