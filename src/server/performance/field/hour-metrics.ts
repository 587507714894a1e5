// What one stored hour row holds per vital: its sketch (for any quantile of any merge of rows) and
// its page views rated good / needs improvement / poor at Google's thresholds, counted exactly as
// they arrived (a sketch's bucket can straddle a threshold; the counts never do).
import {
  FIELD_METRICS,
  type FieldMetric,
  type FieldRating,
  fieldRating,
} from '../../../core/api/field-vitals.ts';
import {
  addStoredSketch,
  addValue,
  type DenseSketch,
  emptyDenseSketch,
  emptySketch,
  mergeInto,
  type Sketch,
  type StoredSketch,
  sketchOf,
  storedSketch,
} from './sketch.ts';

export interface MetricTally {
  sketch: Sketch;
  ratings: Record<FieldRating, number>;
  /**
   * Poor page views by what they named (the LCP element, the INP target, the largest shift's
   * target), keyed by `culpritKey(route, selector)`; kept in the site's '*' rows only.
   */
  culprits?: Map<string, number>;
}

/** Selectors a stored row keeps per vital, the most frequent: bounds a row whatever its traffic. */
export const MAX_CULPRITS = 20;

export function culpritKey(route: string, selector: string): string {
  return `${route}\u0000${selector}`;
}

export function splitCulpritKey(key: string): { route: string; selector: string } {
  const at = key.indexOf('\u0000');
  return { route: key.slice(0, at), selector: key.slice(at + 1) };
}

export type HourMetrics = Partial<Record<FieldMetric, MetricTally>>;

/** The metric's tally in `metrics`, made empty if it has none yet. */
function tallyOf(metrics: HourMetrics, metric: FieldMetric): MetricTally {
  const existing = metrics[metric];
  if (existing) return existing;
  const tally = { sketch: emptySketch(), ratings: { good: 0, needsImprovement: 0, poor: 0 } };
  metrics[metric] = tally;
  return tally;
}

/** Adds one page view; `culprits` names, per vital, the culprit key to count if it rates poor. */
export function addMetrics(
  into: HourMetrics,
  values: Partial<Record<FieldMetric, number>>,
  culprits: Partial<Record<FieldMetric, string>> = {},
): void {
  for (const metric of FIELD_METRICS) {
    const value = values[metric];
    if (value === undefined) continue;
    const tally = tallyOf(into, metric);
    addValue(tally.sketch, metric, value);
    const rating = fieldRating(metric, value);
    tally.ratings[rating] += 1;
    const culprit = culprits[metric];
    if (rating === 'poor' && culprit !== undefined) addCulprit(tally, culprit, 1);
  }
}

function addCulprit(tally: Pick<MetricTally, 'culprits'>, key: string, count: number): void {
  tally.culprits ??= new Map();
  tally.culprits.set(key, (tally.culprits.get(key) ?? 0) + count);
}

/** The `limit` most frequent culprits, most first (ties by key, so every process keeps the same). */
export function topCulprits(culprits: Map<string, number>, limit: number): [string, number][] {
  return [...culprits].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
}

export function mergeMetrics(into: HourMetrics, from: HourMetrics): void {
  for (const metric of FIELD_METRICS) {
    const source = from[metric];
    if (!source) continue;
    const tally = tallyOf(into, metric);
    mergeInto(tally.sketch, source.sketch);
    tally.ratings.good += source.ratings.good;
    tally.ratings.needsImprovement += source.ratings.needsImprovement;
    tally.ratings.poor += source.ratings.poor;
    for (const [key, count] of source.culprits ?? []) addCulprit(tally, key, count);
  }
}

interface StoredTally {
  s: StoredSketch;
  /** [good, needs improvement, poor]. */
  r: [number, number, number];
  /** The most frequent culprits of poor page views: [route, selector, count]. */
  a?: [string, string, number][];
}

export function encodeMetrics(metrics: HourMetrics): string {
  const stored: Partial<Record<FieldMetric, StoredTally>> = {};
  for (const metric of FIELD_METRICS) {
    const tally = metrics[metric];
    if (!tally) continue;
    const { good, needsImprovement, poor } = tally.ratings;
    const entry: StoredTally = { s: storedSketch(tally.sketch), r: [good, needsImprovement, poor] };
    if (tally.culprits && tally.culprits.size > 0) {
      entry.a = topCulprits(tally.culprits, MAX_CULPRITS).map(([key, count]) => {
        const { route, selector } = splitCulpritKey(key);
        return [route, selector, count];
      });
    }
    stored[metric] = entry;
  }
  return JSON.stringify(stored);
}

export function decodeMetrics(text: string): HourMetrics {
  const stored = JSON.parse(text) as Partial<Record<FieldMetric, StoredTally>>;
  const metrics: HourMetrics = {};
  for (const metric of FIELD_METRICS) {
    const tally = stored[metric];
    if (!tally) continue;
    const [good, needsImprovement, poor] = tally.r;
    const decoded: MetricTally = { sketch: sketchOf(tally.s), ratings: { good, needsImprovement, poor } };
    if (tally.a) {
      decoded.culprits = new Map(
        tally.a.map(([route, selector, count]) => [culpritKey(route, selector), count]),
      );
    }
    metrics[metric] = decoded;
  }
  return metrics;
}

/** A window's figures per vital, as many stored rows add up: read-side, with dense sketches. */
export type WindowMetrics = Partial<
  Record<FieldMetric, Omit<MetricTally, 'sketch'> & { sketch: DenseSketch }>
>;

/**
 * Adds a stored row's metrics into a window's, without building the row's own maps first: a
 * window's merge reads many rows.
 */
export function mergeEncoded(into: WindowMetrics, text: string): void {
  const stored = JSON.parse(text) as Partial<Record<FieldMetric, StoredTally>>;
  for (const metric of FIELD_METRICS) {
    const source = stored[metric];
    if (!source) continue;
    let tally = into[metric];
    if (!tally) {
      tally = { sketch: emptyDenseSketch(), ratings: { good: 0, needsImprovement: 0, poor: 0 } };
      into[metric] = tally;
    }
    addStoredSketch(tally.sketch, source.s);
    tally.ratings.good += source.r[0];
    tally.ratings.needsImprovement += source.r[1];
    tally.ratings.poor += source.r[2];
    for (const [route, selector, count] of source.a ?? [])
      addCulprit(tally, culpritKey(route, selector), count);
  }
}
