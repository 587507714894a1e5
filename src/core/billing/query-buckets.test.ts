import { describe, expect, it } from 'vitest';
import { bucketEvents, queryBuckets } from './query-buckets.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 0, 31, 10, 30);

describe('query buckets (BILLING.md §7)', () => {
  it.each([
    ['24h', 24, HOUR],
    ['7d', 7, DAY],
    ['30d', 30, DAY],
    ['90d', 90, DAY],
  ] as const)('%s gives %s buckets, the last one holding now', (range, count, size) => {
    const { starts } = queryBuckets(range, NOW);
    expect(starts).toHaveLength(count);
    expect(starts.at(-1)).toBeLessThanOrEqual(NOW);
    expect((starts.at(-1) ?? 0) + size).toBeGreaterThan(NOW);
  });

  it('last_cycle runs daily from the cycle start, with no future buckets', () => {
    const { starts } = queryBuckets('last_cycle', NOW, Date.UTC(2025, 0, 25, 8));
    expect(starts).toEqual(Array.from({ length: 7 }, (_, i) => Date.UTC(2025, 0, 25 + i)));
  });

  it('sums event values per bucket for each feature', () => {
    const buckets = queryBuckets('7d', NOW);
    const rows = bucketEvents(
      [
        { feature_id: 'runs', value: 2, timestamp: NOW - 1000 },
        { feature_id: 'runs', value: 3, timestamp: NOW - 2000 },
        { feature_id: 'runs', value: 1, timestamp: NOW - DAY },
        { feature_id: 'other', value: 9, timestamp: NOW },
      ],
      ['runs'],
      buckets,
    );
    expect(rows.at(-1)).toEqual({ period: Date.UTC(2025, 0, 31), runs: 5 });
    expect(rows.at(-2)).toEqual({ period: Date.UTC(2025, 0, 30), runs: 1 });
    expect(rows[0]?.runs).toBe(0);
  });
});
