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

/** The monitor list's figures for a page of monitors, in three queries whatever the page size. */
export async function monitorStats(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, MonitorStats>> {
  const stats = new Map<string, MonitorStats>();
  if (monitorIds.length === 0) return stats;
  const firstHour = windowStart('24h', now);
  const [summaries, hourly] = await Promise.all([
    uptimeSummaries(db, monitorIds, now),
    db
      .selectFrom('rollups_hourly')
      .selectAll()
      .where('monitor_id', 'in', monitorIds)
      .where('bucket_start', '>=', firstHour)
      .execute(),
  ]);
  for (const id of monitorIds) {
    const windows = summaries.get(id);
    const rows = hourly.filter((row) => row.monitor_id === id);
    stats.set(id, {
      uptime24h: windows?.['24h'].uptimePercent ?? null,
      uptime30d: windows?.['30d'].uptimePercent ?? null,
      avgMs24h: windows?.['24h'].avgMs ?? null,
      sparkline: series(rows, firstHour, 24, HOUR_MS).map((bucket) => bucket.avgMs),
    });
  }
  return stats;
}
