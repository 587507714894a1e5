// A fixed latency histogram: rollups store one count per bucket, so hourly and daily
// aggregates merge by addition and p50/p95 can be read without raw results.

/** Upper bounds (inclusive, ms) of every bucket but the last, which is open-ended. */
export const LATENCY_BUCKET_BOUNDS_MS = [
  10, 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 30000,
] as const;
export const LATENCY_BUCKET_COUNT = LATENCY_BUCKET_BOUNDS_MS.length + 1;

export function latencyBucket(ms: number): number {
  const index = LATENCY_BUCKET_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BUCKET_BOUNDS_MS.length : index;
}

export interface HistogramSummary {
  counts: readonly number[];
  /** The smallest and largest latency seen, which bound the first and open-ended buckets. */
  minMs: number;
  maxMs: number;
}

/**
 * The q-quantile (0..1), interpolated linearly inside the bucket that holds it and clamped
 * to the observed min and max. Null when the histogram is empty.
 */
export function latencyPercentile({ counts, minMs, maxMs }: HistogramSummary, q: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    const count = counts[bucket] ?? 0;
    if (count === 0 || seen + count < rank) {
      seen += count;
      continue;
    }
    const lower = Math.max(bucket === 0 ? 0 : (LATENCY_BUCKET_BOUNDS_MS[bucket - 1] ?? 0), minMs);
    const upper = Math.min(LATENCY_BUCKET_BOUNDS_MS[bucket] ?? maxMs, maxMs);
    const position = (rank - seen) / count;
    return Math.round(lower + (Math.max(upper, lower) - lower) * position);
  }
  return maxMs;
}

export function mergeHistograms(histograms: readonly (readonly number[])[]): number[] {
  const merged = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
  for (const counts of histograms) {
    for (let bucket = 0; bucket < LATENCY_BUCKET_COUNT; bucket++) {
      merged[bucket] = (merged[bucket] ?? 0) + (counts[bucket] ?? 0);
    }
  }
  return merged;
}
