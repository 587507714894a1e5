// The http kind: a URL fetched with undici; its settings keep the columns monitors always had.
import type { HttpAssertion } from '../../../core/api/monitor-kinds/http-assertions.ts';
import type { MonitorInputOf } from '../../../core/api/monitors.ts';
import { expectStatus } from '../../../core/status-codes.ts';
import { type HttpCheckConfig, type HttpCheckResult, httpCheckRunner } from '../../checks/http.ts';
import type { MonitorTable } from '../../platform/db/schema.ts';
import type { MonitorKindDefinition } from './types.ts';

export function httpConfigOf(monitor: MonitorTable): HttpCheckConfig {
  return {
    url: monitor.url,
    method: monitor.method as HttpCheckConfig['method'],
    headers: JSON.parse(monitor.headers) as Record<string, string>,
    body: monitor.body,
    expectedStatus: monitor.expected_status,
    keyword:
      monitor.keyword && monitor.keyword_mode ? { mode: monitor.keyword_mode, value: monitor.keyword } : null,
    timeoutMs: monitor.timeout_ms,
    followRedirects: monitor.follow_redirects === 1,
    ignoreTlsErrors: monitor.ignore_tls_errors === 1,
    degradedAboveMs: monitor.degraded_above_ms,
    assertions: assertionsOf(monitor),
  };
}

/** Validated when saved; null (every monitor from before assertions) means none. */
function assertionsOf(row: MonitorTable): HttpAssertion[] {
  return row.assertions ? (JSON.parse(row.assertions) as HttpAssertion[]) : [];
}

/** The leaf the check read from the monitor's own host (not a redirect's), if any. */
function ownCertificate(monitor: MonitorTable, result: HttpCheckResult): string | null {
  if (!result.tls) return null;
  const own = new URL(monitor.url);
  const final = new URL(result.finalUrl);
  return own.protocol === final.protocol && own.host === final.host ? result.tls.fingerprintSha256 : null;
}

export const httpKind: MonitorKindDefinition<'http', HttpCheckConfig, HttpCheckResult> = {
  kind: 'http',
  columns: (input: MonitorInputOf<'http'>) => ({
    url: input.url,
    config: null,
    method: input.method,
    headers: JSON.stringify(input.headers),
    body: input.body,
    expected_status: expectStatus(input.expectedStatus).canonical,
    keyword: input.keyword?.value ?? null,
    keyword_mode: input.keyword?.mode ?? null,
    follow_redirects: input.followRedirects ? 1 : 0,
    ignore_tls_errors: input.ignoreTlsErrors ? 1 : 0,
    assertions: input.assertions.length > 0 ? JSON.stringify(input.assertions) : null,
  }),
  answer: (row) => ({
    kind: 'http',
    url: row.url,
    method: row.method as MonitorInputOf<'http'>['method'],
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    expectedStatus: row.expected_status,
    keyword: row.keyword && row.keyword_mode ? { mode: row.keyword_mode, value: row.keyword } : null,
    followRedirects: row.follow_redirects === 1,
    ignoreTlsErrors: row.ignore_tls_errors === 1,
    assertions: assertionsOf(row),
  }),
  target: (row) => row.url,
  certificateUrl: (row) => (row.url.toLowerCase().startsWith('https:') ? row.url : null),
  watchedHost: (input) => new URL(input.url).hostname.replace(/^\[(.*)\]$/, '$1'),
  vet: (input, vet) => vet.url(input.url),
  check: {
    config: httpConfigOf,
    run: (config, ctx) => httpCheckRunner.run(config, ctx),
    outcome: (monitor, result) => ({
      checkedAt: result.startedAt,
      region: result.region,
      status: result.status,
      statusCode: result.statusCode,
      timings: result.timings,
      responseBytes: result.responseBytes,
      failure: result.failure,
      tlsFingerprint: ownCertificate(monitor, result),
    }),
  },
};
