// The uptime tab and the list's figures: everything here reads rollups and status changes,
// never raw results.
import type { Kysely } from 'kysely';
import type { MonitorStats, UptimeReport } from '../../core/api/history.ts';
import type { Database, RollupTable } from '../platform/db/schema.ts';
import { outagesSince } from './outages.ts';
import { DAY_MS, HOUR_MS } from './rollups.ts';
import { openSpan, type TimeSpan, timeWithin } from './time-spans.ts';
import { summarize, uptimeOf, uptimeSummaries, windowStart } from './uptime.ts';

function series(
  rows: readonly RollupTable[],
  first: number,
  count: number,
  bucketMs: number,
  open: TimeSpan | null,
) {
  const byStart = new Map(rows.map((row) => [row.bucket_start, row]));
  return Array.from({ length: count }, (_, index) => {
    const start = first + index * bucketMs;
    const row = byStart.get(start);
    const summary = summarize(row ? [row] : [], timeWithin(open, start, start + bucketMs));
    return {
      start,
      checks: summary.checks,
      upChecks: summary.upChecks,
      uptimePercent: summary.uptimePercent,
      downtimeMs: summary.downtimeMs,
      avgMs: summary.avgMs,
    };
  });
}

export async function uptimeReport(
  db: Kysely<Database>,
  monitorId: string,
  now: number,
): Promise<UptimeReport> {
  const firstHour = windowStart('24h', now);
  const firstDay = windowStart('90d', now);
  const [summaries, hourly, daily, outageList, lastCheck] = await Promise.all([
    uptimeSummaries(db, [monitorId], now),
    db
      .selectFrom('rollups_hourly')
      .selectAll()
      .where('monitor_id', '=', monitorId)
      .where('bucket_start', '>=', firstHour)
      .execute(),
    db
      .selectFrom('rollups_daily')
      .selectAll()
      .where('monitor_id', '=', monitorId)
      .where('bucket_start', '>=', firstDay)
      .execute(),
    outagesSince(db, monitorId, now - 90 * DAY_MS, now),
    db
      .selectFrom('monitors')
      .select(['status', 'last_checked_at', 'maintenance_until'])
      .where('id', '=', monitorId)
      .executeTakeFirst(),
  ]);
  const open = lastCheck ? openSpan(lastCheck, now) : null;
  const windows = summaries.get(monitorId);
  if (!windows) throw new Error('uptimeSummaries returned nothing for a monitor it was asked about');
  return {
    windows,
    hourly: series(hourly, firstHour, 24, HOUR_MS, open),
    daily: series(daily, firstDay, 90, DAY_MS, open),
    outages: outageList.reverse(),
  };
}

// The list's figures, computed as `summarize` does from the same sums.
const averageMs = (upChecks: number, latencySumMs: number) =>
  upChecks === 0 ? null : Math.round(latencySumMs / upChecks);

interface DayFigures {
  checks: number;
  upChecks: number;
  upMs: number;
  downMs: number;
  latencySumMs: number;
  sparkline: (number | null)[];
}

/** Folds the page's hourly rows of the last 24 hours into each monitor's sums and sparkline. */
function dayFigures(
  rows: readonly Pick<
    RollupTable,
    'monitor_id' | 'bucket_start' | 'checks' | 'up_checks' | 'latency_sum_ms' | 'up_ms' | 'down_ms'
  >[],
  firstHour: number,
): Map<string, DayFigures> {
  const figures = new Map<string, DayFigures>();
  for (const row of rows) {
    let day = figures.get(row.monitor_id);
    if (!day) {
      day = {
        checks: 0,
        upChecks: 0,
        upMs: 0,
        downMs: 0,
        latencySumMs: 0,
        sparkline: new Array(24).fill(null),
      };
      figures.set(row.monitor_id, day);
    }
    day.checks += row.checks;
    day.upChecks += row.up_checks;
    day.upMs += Number(row.up_ms ?? 0);
    day.downMs += Number(row.down_ms ?? 0);
    day.latencySumMs += row.latency_sum_ms;
    day.sparkline[(row.bucket_start - firstHour) / HOUR_MS] = averageMs(row.up_checks, row.latency_sum_ms);
  }
  return figures;
}

/**
 * The monitor list's figures for a page of monitors: one query per window it shows, whatever
 * the page size. The last 24 hourly rollups (narrow columns) give the sparkline and the 24 h
 * figures; the 30 d uptime is summed per monitor in SQL from the last 30 daily rollups.
 */
export async function monitorStats(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, MonitorStats>> {
  const stats = new Map<string, MonitorStats>();
  if (monitorIds.length === 0) return stats;
  const firstHour = windowStart('24h', now);
  const firstDay = windowStart('30d', now);
  const [hourly, monthly, lastChecks] = await Promise.all([
    db
      .selectFrom('rollups_hourly')
      .select(['monitor_id', 'bucket_start', 'checks', 'up_checks', 'latency_sum_ms', 'up_ms', 'down_ms'])
      .where('monitor_id', 'in', monitorIds)
      .where('bucket_start', '>=', firstHour)
      .where('bucket_start', '<', firstHour + 24 * HOUR_MS)
      .execute(),
    db
      .selectFrom('rollups_daily')
      .select((eb) => [
        'monitor_id',
        eb.fn.sum<number>('checks').as('checks'),
        eb.fn.sum<number>('up_checks').as('up_checks'),
        eb.fn.sum<number>('up_ms').as('up_ms'),
        eb.fn.sum<number>('down_ms').as('down_ms'),
      ])
      .where('monitor_id', 'in', monitorIds)
      .where('bucket_start', '>=', firstDay)
      .where('bucket_start', '<', firstDay + 30 * DAY_MS)
      .groupBy('monitor_id')
      .execute(),
    db
      .selectFrom('monitors')
      .select(['id', 'status', 'last_checked_at', 'maintenance_until'])
      .where('id', 'in', monitorIds)
      .execute(),
  ]);
  const days = dayFigures(hourly, firstHour);
  const openSpans = new Map(lastChecks.map((monitor) => [monitor.id, openSpan(monitor, now)]));
  const months = new Map(monthly.map((row) => [row.monitor_id, row]));
  for (const id of monitorIds) {
    const day = days.get(id);
    const month = months.get(id);
    const open = openSpans.get(id) ?? null;
    const dayOpen = timeWithin(open, firstHour, now);
    const monthOpen = timeWithin(open, firstDay, now);
    stats.set(id, {
      uptime24h: day
        ? uptimeOf({ ...day, upMs: day.upMs + dayOpen.upMs, downMs: day.downMs + dayOpen.downMs })
        : null,
      uptime30d: month
        ? uptimeOf({
            checks: Number(month.checks),
            upChecks: Number(month.up_checks),
            upMs: Number(month.up_ms) + monthOpen.upMs,
            downMs: Number(month.down_ms) + monthOpen.downMs,
          })
        : null,
      avgMs24h: day ? averageMs(day.upChecks, day.latencySumMs) : null,
      sparkline: day?.sparkline ?? new Array(24).fill(null),
    });
  }
  return stats;
}
