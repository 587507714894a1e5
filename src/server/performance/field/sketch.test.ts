import { describe, expect, it } from 'vitest';
import { FIELD_METRICS, type FieldMetric } from '../../../core/api/field-vitals.ts';
import {
  addStoredSketch,
  addValue,
  emptyDenseSketch,
  emptySketch,
  mergeInto,
  quantile,
  type Sketch,
  sketchCount,
  sketchOf,
  storedSketch,
} from './sketch.ts';

/** A seeded generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Page-view-like values: log-normal around a median, CLS often exactly 0. */
function values(metric: FieldMetric, n: number, next: () => number): number[] {
  const median = { lcp: 2200, inp: 180, cls: 0.05, fcp: 1400, ttfb: 450 }[metric];
  return Array.from({ length: n }, () => {
    if (metric === 'cls' && next() < 0.3) return 0;
    // Box–Muller: a normal in log space, sigma 0.8.
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    const value = median * Math.exp(0.8 * normal);
    return metric === 'cls' ? value : Math.round(value);
  });
}

function exactQuantile(sorted: readonly number[], q: number): number {
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] as number;
}

describe('a field sketch', () => {
  it('reads p75 (and p50, p95) within 2 % of the exact quantile of 10,000 values merged across hours and routes', () => {
    const next = random(42);
    for (const metric of FIELD_METRICS) {
      const all = values(metric, 10_000, next);
      // 24 hours × 10 routes, each value in one of them, as the hour rows hold them.
      const rows: Sketch[] = Array.from({ length: 240 }, emptySketch);
      for (const value of all) addValue(rows[Math.floor(next() * rows.length)] as Sketch, metric, value);
      const merged = emptySketch();
      for (const row of rows) mergeInto(merged, row);
      expect(sketchCount(merged)).toBe(10_000);
      const sorted = [...all].sort((a, b) => a - b);
      for (const q of [0.5, 0.75, 0.95]) {
        const exact = exactQuantile(sorted, q);
        const read = quantile(merged, metric, q) as number;
        expect(
          Math.abs(read - exact) / exact,
          `${metric} p${q * 100}: ${read} vs ${exact}`,
        ).toBeLessThanOrEqual(0.02);
      }
    }
  });

  it('reads 0 where most page views had no layout shift, and null when it holds none', () => {
    const sketch = emptySketch();
    for (let i = 0; i < 80; i++) addValue(sketch, 'cls', 0);
    for (let i = 0; i < 20; i++) addValue(sketch, 'cls', 0.3);
    expect(quantile(sketch, 'cls', 0.75)).toBe(0);
    expect(quantile(sketch, 'cls', 0.9)).toBeCloseTo(0.3, 2);
    expect(quantile(emptySketch(), 'lcp', 0.75)).toBeNull();
  });

  it('merges in any order to what one sketch of every value holds', () => {
    const next = random(7);
    const all = values('lcp', 2_000, next);
    const whole = emptySketch();
    for (const value of all) addValue(whole, 'lcp', value);
    const halves = [emptySketch(), emptySketch()] as const;
    all.forEach((value, i) => {
      addValue(halves[i % 2] as Sketch, 'lcp', value);
    });
    const backwards = emptySketch();
    mergeInto(backwards, halves[1]);
    mergeInto(backwards, halves[0]);
    expect(storedSketch(backwards)).toEqual(storedSketch(whole));
  });

  it('keeps its size by the spread of the values, not their number, and reads back as stored', () => {
    const next = random(9);
    const sizes = [10, 100_000].map((n) => {
      const sketch = emptySketch();
      for (const value of values('inp', n, next)) addValue(sketch, 'inp', value);
      // Clamped to the range: a value past the largest allowed does not grow the sketch.
      addValue(sketch, 'inp', 10 ** 9);
      expect(sketchOf(JSON.parse(JSON.stringify(storedSketch(sketch))))).toEqual(sketch);
      return sketch.counts.size;
    });
    expect(sizes[0]).toBeLessThanOrEqual(11);
    // A factor of 10,000 in page views: the buckets between 1 ms and 10 minutes bound it (< 700).
    expect(sizes[1]).toBeLessThan(700);
  });

  it('stores counts of any size and buckets far apart exactly, in a short string', () => {
    const sketch: Sketch = {
      zero: 4,
      counts: new Map([
        [0, 1],
        [127, 128],
        [128, 16_384],
        [690, 3_000_000_007],
      ]),
    };
    const stored = storedSketch(sketch);
    expect(typeof stored.b).toBe('string');
    expect(sketchOf(JSON.parse(JSON.stringify(stored)))).toEqual(sketch);
    const dense = emptyDenseSketch();
    addStoredSketch(dense, stored);
    addStoredSketch(dense, stored);
    expect([dense.zero, dense.counts[0], dense.counts[127], dense.counts[128], dense.counts[690]]).toEqual([
      8, 2, 256, 32_768, 6_000_000_014,
    ]);
    expect(sketchCount(dense)).toBe(2 * sketchCount(sketch));
  });

  it('reads a sketch stored as [[bucket, count], …], as rows written before the compact form hold it, as the same sketch', () => {
    const next = random(11);
    const sketch = emptySketch();
    for (const value of values('lcp', 500, next)) addValue(sketch, 'lcp', value);
    const earlier = { z: sketch.zero, b: [...sketch.counts].sort(([a], [b]) => a - b) };
    expect(sketchOf(earlier)).toEqual(sketch);
    const [fromEarlier, fromNow] = [emptyDenseSketch(), emptyDenseSketch()];
    addStoredSketch(fromEarlier, earlier);
    addStoredSketch(fromNow, storedSketch(sketch));
    expect(fromEarlier).toEqual(fromNow);
    expect(quantile(fromNow, 'lcp', 0.75)).toBe(quantile(sketch, 'lcp', 0.75));
  });
});
