// A monitor's 90 daily bars and its response-time sparkline, from rollups with the same math
// as the in-app uptime figures (history/uptime.ts): degraded counts as up, days are UTC.
import type { RollupTable } from '../db/schema.ts';
import { DAY_MS, HOUR_MS } from '../history/rollups.ts';
import { summarize, windowStart } from '../history/uptime.ts';

export const BAR_DAYS = 90;

export interface DayBar {
  start: number;
  checks: number;
  /** Null when the day has no checks (before the monitor existed, or paused all day). */
  uptimePercent: number | null;
  /** The day ended before the monitor was created. */
  beforeCreated: boolean;
  /** Each failed check stands for one check interval of downtime. */
  downtimeMinutes: number;
  incidents: number;
}

export interface BarMonitor {
  createdAt: number;
  intervalSeconds: number;
}

export function dayBars(
  monitor: BarMonitor,
  rows: readonly RollupTable[],
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
    const summary = summarize(row ? [row] : []);
    return {
      start,
      checks: summary.checks,
      uptimePercent: summary.uptimePercent,
      beforeCreated: start + DAY_MS <= monitor.createdAt,
      downtimeMinutes: Math.round(((summary.checks - summary.upChecks) * monitor.intervalSeconds) / 60),
      incidents: incidentsByDay.get(start) ?? 0,
    };
  });
}

/** The 90-day uptime exactly as the monitor's uptime tab shows it. */
export function uptime90d(rows: readonly RollupTable[]): number | null {
  return summarize(rows).uptimePercent;
}

/** Hourly average response times of the last 24 hours; null where no check answered. */
export function hourlyResponseTimes(rows: readonly RollupTable[], now: number): (number | null)[] {
  const first = windowStart('24h', now);
  const byStart = new Map(rows.map((row) => [row.bucket_start, row]));
  return Array.from({ length: 24 }, (_, index) => {
    const row = byStart.get(first + index * HOUR_MS);
    return summarize(row ? [row] : []).avgMs;
  });
}
