// A monitor's 90 daily bars and its response-time sparkline, from rollups with the same math
// as the in-app uptime figures (history/uptime.ts `summarize`): degraded counts as up, the
// average latency is over answered checks, days are UTC. Only the columns the page shows are
// read, not the latency histograms.

import { DAY_MS, HOUR_MS } from '../history/rollups.ts';
import { type TimeSpan, timeWithin } from '../history/time-spans.ts';
import { uptimeOf, windowStart } from '../history/uptime.ts';
import type { RollupTable } from '../platform/db/schema.ts';

const MINUTE_MS = 60_000;

export const BAR_DAYS = 90;

export type DayRow = Pick<
  RollupTable,
  | 'monitor_id'
  | 'bucket_start'
  | 'checks'
  | 'up_checks'
  | 'maintenance_checks'
  | 'up_ms'
  | 'down_ms'
  | 'maintenance_ms'
>;
export type HourRow = Pick<RollupTable, 'monitor_id' | 'bucket_start' | 'up_checks' | 'latency_sum_ms'>;

export interface DayBar {
  start: number;
  checks: number;
  /** Null when the day has no checks (before the monitor existed, or paused all day). */
  uptimePercent: number | null;
  /** The day ended before the monitor was created. */
  beforeCreated: boolean;
  /** Time down, each check standing for the time until the next (the outages' own length). */
  downtimeMinutes: number;
  /** Time in maintenance, left out of the uptime. */
  maintenanceMinutes: number;
  incidents: number;
}

export interface BarMonitor {
  createdAt: number;
  /** The time since its last check, which no rollup holds yet (time-spans.ts `openSpan`). */
  open: TimeSpan | null;
}

/** As `summarize(...).uptimePercent`: the share of time up or degraded, null with no checks. */
export function uptimePercent(
  rows: readonly Pick<RollupTable, 'checks' | 'up_checks' | 'up_ms' | 'down_ms'>[],
  open: { upMs: number; downMs: number } = { upMs: 0, downMs: 0 },
): number | null {
  const sums = { checks: 0, upChecks: 0, upMs: open.upMs, downMs: open.downMs };
  for (const row of rows) {
    sums.checks += row.checks;
    sums.upChecks += row.up_checks;
    sums.upMs += Number(row.up_ms ?? 0);
    sums.downMs += Number(row.down_ms ?? 0);
  }
  return uptimeOf(sums);
}

export function dayBars(
  monitor: BarMonitor,
  rows: readonly DayRow[],
  incidentStarts: readonly number[],
  now: number,
): DayBar[] {
  const first = windowStart('90d', now);
  const byStart = new Map(rows.map((row) => [row.bucket_start, row]));
  const incidentsByDay = new Map<number, number>();
  for (const at of incidentStarts) {
    const day = Math.floor(at / DAY_MS) * DAY_MS;
    incidentsByDay.set(day, (incidentsByDay.get(day) ?? 0) + 1);
  }
  return Array.from({ length: BAR_DAYS }, (_, index) => {
    const start = first + index * DAY_MS;
    const row = byStart.get(start);
    const checks = row?.checks ?? 0;
    const open = timeWithin(monitor.open, start, start + DAY_MS);
    return {
      start,
      checks,
      uptimePercent: row ? uptimePercent([row], open) : null,
      beforeCreated: start + DAY_MS <= monitor.createdAt,
      downtimeMinutes: Math.round(Math.max(0, Number(row?.down_ms ?? 0) + open.downMs) / MINUTE_MS),
      maintenanceMinutes: Math.round((Number(row?.maintenance_ms ?? 0) + open.maintenanceMs) / MINUTE_MS),
      incidents: incidentsByDay.get(start) ?? 0,
    };
  });
}

/** Hourly average response times of the last 24 hours; null where no check answered. */
export function hourlyResponseTimes(rows: readonly HourRow[], now: number): (number | null)[] {
  const first = windowStart('24h', now);
  const byStart = new Map(rows.map((row) => [row.bucket_start, row]));
  return Array.from({ length: 24 }, (_, index) => {
    const row = byStart.get(first + index * HOUR_MS);
    return row && row.up_checks > 0 ? Math.round(row.latency_sum_ms / row.up_checks) : null;
  });
}
