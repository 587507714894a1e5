// The uptime tab and the list's figures: everything here reads rollups and status changes,
// never raw results.
import type { Kysely } from 'kysely';
import type { MonitorStats, UptimeReport } from '../../core/api/history.ts';
import type { Database, RollupTable } from '../db/schema.ts';
import { DAY_MS, HOUR_MS } from './rollups.ts';
import { summarize, uptimeSummaries, windowStart } from './uptime.ts';

function series(rows: readonly RollupTable[], first: number, count: number, bucketMs: number) {
  const byStart = new Map(rows.map((row) => [row.bucket_start, row]));
  return Array.from({ length: count }, (_, index) => {
    const start = first + index * bucketMs;
    const row = byStart.get(start);
    const summary = summarize(row ? [row] : []);
    return {
      start,
      checks: summary.checks,
      upChecks: summary.upChecks,
      uptimePercent: summary.uptimePercent,
      avgMs: summary.avgMs,
    };
  });
}

async function outages(db: Kysely<Database>, monitorId: string, now: number) {
  const since = now - 90 * DAY_MS;
  const changes = await db
    .selectFrom('monitor_status_changes')
    .select(['at', 'to_status'])
    .where('monitor_id', '=', monitorId)
    .where('at', '>=', since)
    .orderBy('at')
    .execute();
  const list: UptimeReport['outages'] = [];
  let downSince: number | null = null;
  for (const change of changes) {
    if (change.to_status === 'down') downSince ??= change.at;
    else if (downSince !== null) {
      list.push({ start: downSince, end: change.at, durationMs: change.at - downSince });
      downSince = null;
    }
  }
  if (downSince !== null) list.push({ start: downSince, end: null, durationMs: now - downSince });
  return list.reverse();
}

export async function uptimeReport(
  db: Kysely<Database>,
  monitorId: string,
  now: number,
): Promise<UptimeReport> {
  const firstHour = windowStart('24h', now);
  const firstDay = windowStart('90d', now);
  const [summaries, hourly, daily, outageList] = await Promise.all([
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
    outages(db, monitorId, now),
  ]);
  const windows = summaries.get(monitorId);
  if (!windows) throw new Error('uptimeSummaries returned nothing for a monitor it was asked about');
  return {
    windows,
    hourly: series(hourly, firstHour, 24, HOUR_MS),
    daily: series(daily, firstDay, 90, DAY_MS),
    outages: outageList,
  };
}

// The list's figures, computed as `summarize` does from the same sums.
const uptimePercent = (checks: number, upChecks: number) => (checks === 0 ? null : (upChecks / checks) * 100);
const averageMs = (upChecks: number, latencySumMs: number) =>
  upChecks === 0 ? null : Math.round(latencySumMs / upChecks);

interface DayFigures {
  checks: number;
  upChecks: number;
  latencySumMs: number;
  sparkline: (number | null)[];
}

/** Folds the page's hourly rows of the last 24 hours into each monitor's sums and sparkline. */
function dayFigures(
  rows: readonly Pick<
    RollupTable,
    'monitor_id' | 'bucket_start' | 'checks' | 'up_checks' | 'latency_sum_ms'
  >[],
  firstHour: number,
): Map<string, DayFigures> {
  const figures = new Map<string, DayFigures>();
  for (const row of rows) {
    let day = figures.get(row.monitor_id);
    if (!day) {
      day = { checks: 0, upChecks: 0, latencySumMs: 0, sparkline: new Array(24).fill(null) };
      figures.set(row.monitor_id, day);
    }
    day.checks += row.checks;
    day.upChecks += row.up_checks;
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
  const [hourly, monthly] = await Promise.all([
    db
      .selectFrom('rollups_hourly')
      .select(['monitor_id', 'bucket_start', 'checks', 'up_checks', 'latency_sum_ms'])
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
      ])
      .where('monitor_id', 'in', monitorIds)
      .where('bucket_start', '>=', firstDay)
      .where('bucket_start', '<', firstDay + 30 * DAY_MS)
      .groupBy('monitor_id')
      .execute(),
  ]);
  const days = dayFigures(hourly, firstHour);
  const months = new Map(monthly.map((row) => [row.monitor_id, row]));
  for (const id of monitorIds) {
    const day = days.get(id);
    const month = months.get(id);
    stats.set(id, {
      uptime24h: day ? uptimePercent(day.checks, day.upChecks) : null,
      uptime30d: month ? uptimePercent(Number(month.checks), Number(month.up_checks)) : null,
      avgMs24h: day ? averageMs(day.upChecks, day.latencySumMs) : null,
      sparkline: day?.sparkline ?? new Array(24).fill(null),
    });
  }
  return stats;
}
