// How long a monitor was up, down or in maintenance, told one check at a time: each check stands
// for the time until the next one, so the check that arrives credits the gap since the one
// before with the status the monitor had over it. A confirmed outage is dated from its first
// failure (the status change's time), so a confirmation re-credits the gaps since then from up
// to down: the down time summed here is the outages' own length, not the failed checks'
// number times an interval.
import type { MonitorStatus } from '../platform/db/schema.ts';

export type TimeColumn = 'up_ms' | 'down_ms' | 'maintenance_ms';

/** `ms` of [from, to) added to (or, with sign -1, taken back from) one column. */
export interface TimeSpan {
  from: number;
  to: number;
  column: TimeColumn;
  sign: 1 | -1;
}

export interface SpanInput {
  /** The monitor as claimed, before this check: its status and when it was last checked. */
  before: { status: MonitorStatus; lastCheckedAt: number | null };
  /** The status after this check, and since when it holds (a confirmed outage's first failure). */
  after: { status: MonitorStatus; lastStatusChangeAt: number | null };
  checkedAt: number;
  /** This check ran in a maintenance window: the gap it ends is maintenance, whatever the status. */
  maintenance: boolean;
}

export function columnOf(status: MonitorStatus): TimeColumn | null {
  if (status === 'up' || status === 'degraded') return 'up_ms';
  if (status === 'down') return 'down_ms';
  // Paused and pending time is no one's: it counts neither way.
  return null;
}

export function timeSpans({ before, after, checkedAt, maintenance }: SpanInput): TimeSpan[] {
  const previous = before.lastCheckedAt;
  if (previous === null || previous >= checkedAt) return [];
  if (maintenance) return [{ from: previous, to: checkedAt, column: 'maintenance_ms', sign: 1 }];
  const since = after.lastStatusChangeAt;
  const backdated = after.status !== before.status && since !== null && since <= previous;
  if (!backdated) {
    const column = columnOf(before.status);
    return column ? [{ from: previous, to: checkedAt, column, sign: 1 }] : [];
  }
  const spans: TimeSpan[] = [];
  const was = columnOf(before.status);
  // The gaps since the first failure were credited as the status before; they were the new one.
  if (was && since < previous) spans.push({ from: since, to: previous, column: was, sign: -1 });
  const now = columnOf(after.status);
  if (now) spans.push({ from: since, to: checkedAt, column: now, sign: 1 });
  return spans;
}

/** A monitor as its last check left it, for the time since then that no rollup holds yet. */
export interface LastCheck {
  status: MonitorStatus;
  last_checked_at?: number | null;
  maintenance_until?: number | null;
}

/**
 * The time since the last check, which the next check will account for: the monitor's status
 * holds until then, so an outage under way counts now, not only once it has a next check.
 */
export function openSpan(monitor: LastCheck, now: number): TimeSpan | null {
  const last = monitor.last_checked_at ?? null;
  if (last === null || last >= now) return null;
  const inMaintenance = (monitor.maintenance_until ?? 0) > last;
  const column = inMaintenance ? 'maintenance_ms' : columnOf(monitor.status);
  return column ? { from: last, to: now, column, sign: 1 } : null;
}

/** How much of a span falls in [from, to), by column. */
export function timeWithin(span: TimeSpan | null, from: number, to: number) {
  const ms = span ? Math.max(0, Math.min(span.to, to) - Math.max(span.from, from)) : 0;
  return {
    upMs: span?.column === 'up_ms' ? ms : 0,
    downMs: span?.column === 'down_ms' ? ms : 0,
    maintenanceMs: span?.column === 'maintenance_ms' ? ms : 0,
  };
}
