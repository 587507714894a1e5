// A monitor's 90 daily bars and its response-time sparkline, from rollups with the same math
// as the in-app uptime figures (history/uptime.ts `summarize`): degraded counts as up, the
// average latency is over answered checks, days are UTC. Only the columns the page shows are
// read, not the latency histograms.
import type { RollupTable } from '../db/schema.ts';
import { DAY_MS, HOUR_MS } from '../history/rollups.ts';
import { windowStart } from '../history/uptime.ts';

export const BAR_DAYS = 90;

export type DayRow = Pick<
  RollupTable,
  'monitor_id' | 'bucket_start' | 'checks' | 'up_checks' | 'maintenance_checks'
>;
export type HourRow = Pick<RollupTable, 'monitor_id' | 'bucket_start' | 'up_checks' | 'latency_sum_ms'>;

export interface DayBar {
  start: number;
  checks: number;
  /** Null when the day has no checks (before the monitor existed, or paused all day). */
  uptimePercent: number | null;
  /** The day ended before the monitor was created. */
  beforeCreated: boolean;
  /** Each failed check stands for one check interval of downtime. */
  downtimeMinutes: number;
  /** Checked during maintenance, left out of the uptime: one check interval per check. */
  maintenanceMinutes: number;
  incidents: number;
}

export interface BarMonitor {
  createdAt: number;
  intervalSeconds: number;
}

/** As `summarize(...).uptimePercent`: percent of checks up or degraded, null with none. */
export function uptimePercent(rows: readonly Pick<RollupTable, 'checks' | 'up_checks'>[]): number | null {
  let checks = 0;
  let up = 0;
  for (const row of rows) {
    checks += row.checks;
    up += row.up_checks;
  }
  return checks === 0 ? null : (up / checks) * 100;
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
    return {
      start,
      checks,
      uptimePercent: row ? uptimePercent([row]) : null,
      beforeCreated: start + DAY_MS <= monitor.createdAt,
      downtimeMinutes: Math.round(((checks - (row?.up_checks ?? 0)) * monitor.intervalSeconds) / 60),
      maintenanceMinutes: Math.round((Number(row?.maintenance_checks ?? 0) * monitor.intervalSeconds) / 60),
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
