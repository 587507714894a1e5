// Uptime and latency over 24 h / 7 d / 30 d / 90 d, read from rollups only (never raw results),
// so the answer costs the same for a monitor checked every minute as for one checked hourly.
import type { Kysely } from 'kysely';
import { LATENCY_BUCKET_COUNT, latencyPercentile, mergeHistograms } from '../../core/latency-histogram.ts';
import type { Database, RollupTable } from '../db/schema.ts';
import { DAY_MS, HOUR_MS } from './rollups.ts';

export const UPTIME_WINDOWS = {
  '24h': [HOUR_MS, 24],
  '7d': [DAY_MS, 7],
  '30d': [DAY_MS, 30],
  '90d': [DAY_MS, 90],
} as const;
export type UptimeWindow = keyof typeof UPTIME_WINDOWS;

export interface WindowSummary {
  checks: number;
  upChecks: number;
  /** Percent of checks that were up (degraded counts as up); null with no checks. */
  uptimePercent: number | null;
  avgMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
}

export function summarize(rows: readonly RollupTable[]): WindowSummary {
  const checks = rows.reduce((sum, row) => sum + row.checks, 0);
  const upChecks = rows.reduce((sum, row) => sum + row.up_checks, 0);
  const withLatency = rows.filter((row) => row.up_checks > 0);
  const histogram = {
    counts: mergeHistograms(
      withLatency.map((row) =>
        Array.from({ length: LATENCY_BUCKET_COUNT }, (_, bucket) => row[`h${bucket}`] ?? 0),
      ),
    ),
    minMs: Math.min(...withLatency.map((row) => row.latency_min_ms)),
    maxMs: Math.max(...withLatency.map((row) => row.latency_max_ms)),
  };
  const latencySum = withLatency.reduce((sum, row) => sum + row.latency_sum_ms, 0);
  return {
    checks,
    upChecks,
    uptimePercent: checks === 0 ? null : (upChecks / checks) * 100,
    avgMs: upChecks === 0 ? null : Math.round(latencySum / upChecks),
    p50Ms: upChecks === 0 ? null : latencyPercentile(histogram, 0.5),
    p95Ms: upChecks === 0 ? null : latencyPercentile(histogram, 0.95),
  };
}

/** The first bucket of a window that ends with the bucket holding `now`. */
export function windowStart(window: UptimeWindow, now: number): number {
  const [bucketMs, buckets] = UPTIME_WINDOWS[window];
  return Math.floor(now / bucketMs) * bucketMs - (buckets - 1) * bucketMs;
}

export async function uptimeSummaries(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  now: number,
): Promise<Map<string, Record<UptimeWindow, WindowSummary>>> {
  const summaries = new Map<string, Record<UptimeWindow, WindowSummary>>();
  if (monitorIds.length === 0) return summaries;
  const [hourly, daily] = await Promise.all([
    db
      .selectFrom('rollups_hourly')
      .selectAll()
      .where('monitor_id', 'in', monitorIds)
      .where('bucket_start', '>=', windowStart('24h', now))
      .execute(),
    db
      .selectFrom('rollups_daily')
      .selectAll()
      .where('monitor_id', 'in', monitorIds)
      .where('bucket_start', '>=', windowStart('90d', now))
      .execute(),
  ]);
  for (const id of monitorIds) {
    const days = daily.filter((row) => row.monitor_id === id);
    const since = (window: UptimeWindow) =>
      days.filter((row) => row.bucket_start >= windowStart(window, now));
    summaries.set(id, {
      '24h': summarize(hourly.filter((row) => row.monitor_id === id)),
      '7d': summarize(since('7d')),
      '30d': summarize(since('30d')),
      '90d': summarize(since('90d')),
    });
  }
  return summaries;
}
