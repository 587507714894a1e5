// Uptime and latency over 24 h / 7 d / 30 d / 90 d, read from rollups only (never raw results),
// so the answer costs the same for a monitor checked every minute as for one checked hourly.
import type { Kysely } from 'kysely';
import { LATENCY_BUCKET_COUNT, latencyPercentile, mergeHistograms } from '../../core/latency-histogram.ts';
import type { Database, RollupTable } from '../platform/db/schema.ts';
import { DAY_MS, HOUR_MS } from './rollups.ts';
import { openSpan, timeWithin } from './time-spans.ts';

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
  /** Percent of the time up (degraded counts as up), maintenance left out; null with no checks. */
  uptimePercent: number | null;
  /** Time down, each check standing for the time until the next one. */
  downtimeMs: number;
  avgMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
}

/**
 * The one uptime figure: the share of time up, from rollups' up_ms and down_ms. A monitor
 * checked once has no time between checks yet; its checks speak for it until it has.
 */
export function uptimeOf(sums: {
  checks: number;
  upChecks: number;
  upMs: number;
  downMs: number;
}): number | null {
  const total = sums.upMs + sums.downMs;
  if (total > 0) return (Math.max(0, sums.upMs) / total) * 100;
  return sums.checks === 0 ? null : (sums.upChecks / sums.checks) * 100;
}

/** `open`: the time since the last check inside the window (time-spans.ts `openSpan`). */
export function summarize(
  rows: readonly RollupTable[],
  open: { upMs: number; downMs: number } = { upMs: 0, downMs: 0 },
): WindowSummary {
  const checks = rows.reduce((sum, row) => sum + row.checks, 0);
  const upChecks = rows.reduce((sum, row) => sum + row.up_checks, 0);
  const upMs = rows.reduce((sum, row) => sum + Number(row.up_ms ?? 0), open.upMs);
  const downMs = rows.reduce((sum, row) => sum + Number(row.down_ms ?? 0), open.downMs);
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
    uptimePercent: uptimeOf({ checks, upChecks, upMs, downMs }),
    downtimeMs: Math.max(0, downMs),
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
  const [hourly, daily, lastChecks] = await Promise.all([
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
    db
      .selectFrom('monitors')
      .select(['id', 'status', 'last_checked_at', 'maintenance_until'])
      .where('id', 'in', monitorIds)
      .execute(),
  ]);
  const openSpans = new Map(lastChecks.map((monitor) => [monitor.id, openSpan(monitor, now)]));
  for (const id of monitorIds) {
    const days = daily.filter((row) => row.monitor_id === id);
    const since = (window: UptimeWindow) =>
      days.filter((row) => row.bucket_start >= windowStart(window, now));
    const open = (window: UptimeWindow) =>
      timeWithin(openSpans.get(id) ?? null, windowStart(window, now), now);
    summaries.set(id, {
      '24h': summarize(
        hourly.filter((row) => row.monitor_id === id),
        open('24h'),
      ),
      '7d': summarize(since('7d'), open('7d')),
      '30d': summarize(since('30d'), open('30d')),
      '90d': summarize(since('90d'), open('90d')),
    });
  }
  return summaries;
}
