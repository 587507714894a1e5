// Each https monitor's certificate state row (monitor_ssl_state): created when its certificate is
// first due, kept in step by the certificate job and the HTTP check's fingerprint.
import type { MonitorSslStateTable } from '../platform/db/ssl-schema.ts';

export function newSslState(
  monitorId: string,
  nextCheckAt: number,
  overrides: Partial<MonitorSslStateTable> = {},
): MonitorSslStateTable {
  return {
    monitor_id: monitorId,
    next_check_at: nextCheckAt,
    claimed_until: null,
    claimed_by: null,
    last_fingerprint: null,
    last_checked_at: null,
    valid_to: null,
    problem_count: 0,
    problem_codes: '[]',
    warned_fingerprint: null,
    warned_days: '[]',
    in_warning_window: 0,
    active: 1,
    ...overrides,
  };
}
