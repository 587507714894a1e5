// The stored row of one finished check, shared by unregioned monitors and multi-region runs.
// results/ is the seam between a finished check and what stores and judges it.

import type { NewResult } from '../history/result-store.ts';
import type { MonitorTable } from '../platform/db/schema.ts';
import type { CheckOutcome } from './finished-check.ts';

const ms = (value: number | undefined) => (value === undefined ? null : Math.round(value));

/** The end of the maintenance window covering a check at `at`, from the claimed row; null outside one. */
export function maintenanceUntil(monitor: MonitorTable, at: number): number | null {
  const until = monitor.maintenance_until ?? null;
  return until !== null && at < until ? until : null;
}

function seqOf(monitor: MonitorTable): number {
  if (monitor.seq === undefined || monitor.seq === null)
    throw new Error(`Monitor ${monitor.id} was read without its number`);
  return monitor.seq;
}

/** `outcome.checkedAt` is the time the result is keyed by, already moved off any taken millisecond. */
export function resultRow(
  monitor: MonitorTable,
  outcome: CheckOutcome,
  confirmation: boolean,
  maintenance: boolean,
): NewResult {
  return {
    monitor_seq: seqOf(monitor),
    checked_at: outcome.checkedAt,
    region: outcome.region,
    status: outcome.status,
    status_code: outcome.statusCode,
    total_ms: Math.round(outcome.timings.totalMs),
    dns_ms: ms(outcome.timings.dnsMs),
    connect_ms: ms(outcome.timings.connectMs),
    tls_ms: ms(outcome.timings.tlsMs),
    ttfb_ms: ms(outcome.timings.ttfbMs),
    download_ms: ms(outcome.timings.downloadMs),
    response_bytes: outcome.responseBytes,
    failure_code: outcome.failure?.code ?? null,
    failure_message: outcome.failure?.message ?? null,
    confirmation,
    reason: monitor.check_reason ?? null,
    facts: outcome.facts ? JSON.stringify(outcome.facts) : null,
    maintenance,
  };
}
