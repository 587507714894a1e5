// BILLING.md §7 query: time buckets per range and the sum of event values in each.
export type QueryRange = '24h' | '7d' | '30d' | '90d' | 'last_cycle';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Bucket starts, oldest first; buckets that start after `now` are dropped. */
export function queryBuckets(
  range: QueryRange,
  now: number,
  cycleStart?: number | null,
): { starts: number[]; size: number } {
  const floorTo = (at: number, size: number) => Math.floor(at / size) * size;
  if (range === '24h') {
    const last = floorTo(now, HOUR);
    return { starts: Array.from({ length: 24 }, (_, i) => last - (23 - i) * HOUR), size: HOUR };
  }
  const days = range === '7d' ? 7 : range === '30d' ? 30 : range === '90d' ? 90 : null;
  const last = floorTo(now, DAY);
  const first = days !== null ? last - (days - 1) * DAY : floorTo(cycleStart ?? now - 29 * DAY, DAY);
  const starts: number[] = [];
  for (let at = first; at <= now; at += DAY) starts.push(at);
  return { starts, size: DAY };
}

export interface UsageEvent {
  feature_id: string;
  value: number;
  timestamp: number;
}

export function bucketEvents(
  events: readonly UsageEvent[],
  featureIds: readonly string[],
  buckets: { starts: number[]; size: number },
): ({ period: number } & Record<string, number>)[] {
  return buckets.starts.map((start) => {
    const row: { period: number } & Record<string, number> = { period: start };
    for (const id of featureIds) {
      row[id] = events
        .filter((e) => e.feature_id === id && e.timestamp >= start && e.timestamp < start + buckets.size)
        .reduce((sum, e) => sum + e.value, 0);
    }
    return row;
  });
}
