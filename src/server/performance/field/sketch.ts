// A field metric's distribution as counts in fixed logarithmic buckets (the mapping of DDSketch,
// Masson et al., VLDB 2019): bucket i holds the values in (min·γ^(i-1), min·γ^i] and reads back as
// one value within RELATIVE_ERROR of any of them. So a quantile read from a sketch is within 1 %
// of the exact one however many page views it holds, a sketch's size depends on the spread of
// the values, not their number, and merging hours, routes and devices is adding counts.
import type { FieldMetric } from '../../../core/api/field-vitals.ts';

export const RELATIVE_ERROR = 0.01;
const GAMMA = (1 + RELATIVE_ERROR) / (1 - RELATIVE_ERROR);
const LOG_GAMMA = Math.log(GAMMA);

/** The smallest value told apart from zero, and the largest a beacon may report, per metric. */
export const FIELD_RANGES: Record<FieldMetric, { min: number; max: number }> = {
  lcp: { min: 1, max: 600_000 },
  inp: { min: 1, max: 600_000 },
  cls: { min: 0.0001, max: 100 },
  fcp: { min: 1, max: 600_000 },
  ttfb: { min: 1, max: 600_000 },
};

export interface Sketch {
  /** Values under the metric's smallest resolvable one (a CLS of 0, a TTFB served from cache). */
  zero: number;
  /** Count by bucket index; only buckets that hold a value are present. */
  counts: Map<number, number>;
}

export function emptySketch(): Sketch {
  return { zero: 0, counts: new Map() };
}

function bucketOf(metric: FieldMetric, value: number): number | null {
  const { min, max } = FIELD_RANGES[metric];
  if (value < min) return null;
  return Math.ceil(Math.log(Math.min(value, max) / min) / LOG_GAMMA);
}

/** The value a bucket reads back as: within RELATIVE_ERROR of every value it holds. */
function bucketValue(metric: FieldMetric, bucket: number): number {
  return (FIELD_RANGES[metric].min * GAMMA ** bucket * 2) / (1 + GAMMA);
}

export function addValue(sketch: Sketch, metric: FieldMetric, value: number, count = 1): void {
  const bucket = bucketOf(metric, value);
  if (bucket === null) sketch.zero += count;
  else sketch.counts.set(bucket, (sketch.counts.get(bucket) ?? 0) + count);
}

/** Adds `from` into `into`. */
export function mergeInto(into: Sketch, from: Sketch): void {
  into.zero += from.zero;
  for (const [bucket, count] of from.counts) into.counts.set(bucket, (into.counts.get(bucket) ?? 0) + count);
}

export function sketchCount(sketch: Sketch): number {
  let total = sketch.zero;
  for (const count of sketch.counts.values()) total += count;
  return total;
}

/**
 * The q-quantile (0..1) by nearest rank: the value of the ⌈q·n⌉-th smallest page view, within
 * RELATIVE_ERROR. Null for an empty sketch.
 */
export function quantile(sketch: Sketch, metric: FieldMetric, q: number): number | null {
  const total = sketchCount(sketch);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  if (rank <= sketch.zero) return 0;
  let seen = sketch.zero;
  for (const bucket of [...sketch.counts.keys()].sort((a, b) => a - b)) {
    seen += sketch.counts.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  // Unreachable: the counts add up to the total.
  return null;
}

/** As stored: `{"z":zero,"b":[[bucket,count],…]}`, buckets ascending. */
export interface StoredSketch {
  z: number;
  b: [number, number][];
}

export function storedSketch(sketch: Sketch): StoredSketch {
  return { z: sketch.zero, b: [...sketch.counts].sort(([a], [b]) => a - b) };
}

export function sketchOf(stored: StoredSketch): Sketch {
  return { zero: stored.z, counts: new Map(stored.b) };
}
