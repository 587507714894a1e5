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

/** One more than the largest bucket any metric's range maps to (691, CLS's 0.0001 to 100). */
export const BUCKET_COUNT =
  Math.max(...Object.values(FIELD_RANGES).map(({ min, max }) => Math.ceil(Math.log(max / min) / LOG_GAMMA))) +
  1;

/**
 * A sketch as a window's read adds many stored rows into: a count per bucket in one array, so
 * adding a row's buckets is indexing, not hashing (a 90-day read by route adds ~20,000 rows).
 * Too large to keep per buffered row (5.5 KB a metric), which is why rows are sparse.
 */
export interface DenseSketch {
  zero: number;
  counts: Float64Array;
}

export function emptyDenseSketch(): DenseSketch {
  return { zero: 0, counts: new Float64Array(BUCKET_COUNT) };
}

/** Adds a stored sketch into a dense one; buckets outside the mapping's range are not ours. */
export function addStoredSketch(into: DenseSketch, stored: StoredSketch): void {
  into.zero += stored.z;
  addStoredBuckets(stored, into.counts);
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

export function sketchCount(sketch: Sketch | DenseSketch): number {
  let total = sketch.zero;
  for (const count of sketch.counts.values()) total += count;
  return total;
}

/** Bucket and count, ascending by bucket, of the buckets that hold a value. */
function* ascending(sketch: Sketch | DenseSketch): Generator<[number, number]> {
  if (sketch.counts instanceof Float64Array) {
    for (let bucket = 0; bucket < sketch.counts.length; bucket += 1) {
      const count = sketch.counts[bucket] ?? 0;
      if (count > 0) yield [bucket, count];
    }
    return;
  }
  const { counts } = sketch;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) yield [bucket, counts.get(bucket) ?? 0];
}

/**
 * The q-quantile (0..1) by nearest rank: the value of the ⌈q·n⌉-th smallest page view, within
 * RELATIVE_ERROR. Null for an empty sketch.
 */
export function quantile(sketch: Sketch | DenseSketch, metric: FieldMetric, q: number): number | null {
  const total = sketchCount(sketch);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  if (rank <= sketch.zero) return 0;
  let seen = sketch.zero;
  for (const [bucket, count] of ascending(sketch)) {
    seen += count;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  // Unreachable: the counts add up to the total.
  return null;
}

/**
 * As stored: `{"z":zero,"b":"…"}`, where b is base64 of unsigned LEB128 varints, for each bucket
 * ascending its distance from the one before (from 0) then its count. A route-day row's 400
 * buckets are ~1 KB this way, against ~3 KB as [[bucket,count],…], and JSON.parse reads one
 * string, not 400 arrays: that parse was most of a 90-day read by route. Rows written before
 * this encoding (issue 42's first weeks) hold b as [[bucket,count],…]; both read the same.
 */
export interface StoredSketch {
  z: number;
  b: string | [number, number][];
}

export function storedSketch(sketch: Sketch): StoredSketch {
  const bytes: number[] = [];
  let previous = 0;
  for (const [bucket, count] of [...sketch.counts].sort(([a], [b]) => a - b)) {
    for (const value of [bucket - previous, count]) {
      let rest = value;
      while (rest >= 0x80) {
        bytes.push((rest % 0x80) | 0x80);
        rest = Math.floor(rest / 0x80);
      }
      bytes.push(rest);
    }
    previous = bucket;
  }
  return { z: sketch.zero, b: Buffer.from(bytes).toString('base64') };
}

/** Each base64 character's six bits by its code; -1 for '=' and anything else. */
const BASE64_VALUE = Int8Array.from({ length: 128 }, (_, code) =>
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(String.fromCharCode(code)),
);

function addBucket(into: Float64Array | Map<number, number>, bucket: number, count: number): void {
  if (into instanceof Map) into.set(bucket, (into.get(bucket) ?? 0) + count);
  else if (bucket < into.length) into[bucket] = (into[bucket] ?? 0) + count;
}

/**
 * Adds a stored sketch's buckets into counts, in either stored form. The base64 is read here,
 * six bits a character, straight into the counts: a window's read decodes ~100,000 stored
 * sketches, and a Buffer and a list of pairs for each measured as most of that.
 */
function addStoredBuckets(stored: StoredSketch, into: Float64Array | Map<number, number>): void {
  if (typeof stored.b !== 'string') {
    for (const [bucket, count] of stored.b) addBucket(into, bucket, count);
    return;
  }
  const text = stored.b;
  let bucket = 0;
  let value = 0;
  let scale = 1;
  let isCount = false;
  let bits = 0;
  let held = 0;
  for (let at = 0; at < text.length; at += 1) {
    const sextet = BASE64_VALUE[text.charCodeAt(at)] ?? -1;
    if (sextet < 0) break;
    held = ((held << 6) | sextet) & 0xfff;
    bits += 6;
    if (bits < 8) continue;
    bits -= 8;
    const byte = (held >> bits) & 0xff;
    value += (byte & 0x7f) * scale;
    scale *= 0x80;
    if (byte >= 0x80) continue;
    if (isCount) addBucket(into, bucket, value);
    else bucket += value;
    isCount = !isCount;
    value = 0;
    scale = 1;
  }
}

export function sketchOf(stored: StoredSketch): Sketch {
  const counts = new Map<number, number>();
  addStoredBuckets(stored, counts);
  return { zero: stored.z, counts };
}
