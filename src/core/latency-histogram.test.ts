import { describe, expect, it } from 'vitest';
import {
  LATENCY_BUCKET_COUNT,
  latencyBucket,
  latencyPercentile,
  mergeHistograms,
} from './latency-histogram.ts';

function histogramOf(latencies: number[]) {
  const counts = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
  for (const ms of latencies) counts[latencyBucket(ms)] = (counts[latencyBucket(ms)] ?? 0) + 1;
  return { counts, minMs: Math.min(...latencies), maxMs: Math.max(...latencies) };
}

function exactPercentile(latencies: number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

describe('latency histogram', () => {
  it('puts a latency in the first bucket whose bound holds it, and huge ones in the last', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(10)).toBe(0);
    expect(latencyBucket(11)).toBe(1);
    expect(latencyBucket(100)).toBe(4);
    expect(latencyBucket(999_999)).toBe(LATENCY_BUCKET_COUNT - 1);
  });

  it('estimates p50 and p95 within one bucket of the exact value', () => {
    // A deterministic spread: mostly fast with a slow tail.
    const latencies = Array.from({ length: 1000 }, (_, i) =>
      i % 20 === 0 ? 800 + (i % 7) * 100 : 60 + (i % 90),
    );
    const summary = histogramOf(latencies);
    const p50 = latencyPercentile(summary, 0.5) ?? 0;
    const p95 = latencyPercentile(summary, 0.95) ?? 0;
    expect(Math.abs(p50 - exactPercentile(latencies, 0.5))).toBeLessThanOrEqual(50);
    expect(Math.abs(p95 - exactPercentile(latencies, 0.95))).toBeLessThanOrEqual(250);
    expect(p95).toBeGreaterThan(p50);
  });

  it('never answers outside the observed min and max, and null when empty', () => {
    const one = histogramOf([123]);
    expect(latencyPercentile(one, 0.5)).toBe(123);
    expect(latencyPercentile(one, 0.99)).toBe(123);
    expect(
      latencyPercentile({ counts: new Array(LATENCY_BUCKET_COUNT).fill(0), minMs: 0, maxMs: 0 }, 0.5),
    ).toBeNull();
  });

  it('merges histograms by adding counts', () => {
    const a = histogramOf([5, 60]).counts;
    const b = histogramOf([5, 5000]).counts;
    const merged = mergeHistograms([a, b]);
    expect(merged[0]).toBe(2);
    expect(merged.reduce((sum, n) => sum + n, 0)).toBe(4);
  });
});
