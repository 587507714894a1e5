// Kinds other than http keep their settings as JSON in `config`; the http columns, which every row
// has (NOT NULL since before kinds existed), hold neutral values for them.
import type { CheckResult } from '../../checks/types.ts';
import type { MonitorTable } from '../../platform/db/schema.ts';
import type { CheckOutcome } from '../../results/finished-check.ts';

export const UNUSED_HTTP_COLUMNS = {
  method: 'GET',
  headers: '{}',
  body: null,
  expected_status: '',
  keyword: null,
  keyword_mode: null,
  assertions: null,
  follow_redirects: 0,
  ignore_tls_errors: 0,
} satisfies Partial<MonitorTable>;

export function storedConfig<T>(row: MonitorTable): T {
  return JSON.parse(row.config ?? '{}') as T;
}

/** A check's settings: the kind's stored ones and the limits every monitor has. */
export function storedCheckConfig<T>(
  row: MonitorTable,
): T & { timeoutMs: number; degradedAboveMs: number | null } {
  return { ...storedConfig<T>(row), timeoutMs: row.timeout_ms, degradedAboveMs: row.degraded_above_ms };
}

/** The outcome of a check that has no HTTP status or body: timings, failure and its facts. */
export function outcomeOf(
  result: CheckResult & { timings: CheckOutcome['timings'] },
  facts?: Record<string, unknown> | null,
): CheckOutcome {
  return {
    checkedAt: result.startedAt,
    region: result.region,
    status: result.status,
    statusCode: null,
    timings: result.timings,
    responseBytes: null,
    failure: result.failure,
    ...(facts ? { facts } : {}),
  };
}

/** host:port, with an IPv6 literal in brackets. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
