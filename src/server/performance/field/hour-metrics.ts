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
  addValue,
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

export function addMetrics(into: HourMetrics, values: Partial<Record<FieldMetric, number>>): void {
  for (const metric of FIELD_METRICS) {
    const value = values[metric];
    if (value === undefined) continue;
    const tally = tallyOf(into, metric);
    addValue(tally.sketch, metric, value);
    tally.ratings[fieldRating(metric, value)] += 1;
  }
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
  }
}

interface StoredTally {
  s: StoredSketch;
  /** [good, needs improvement, poor]. */
  r: [number, number, number];
}

export function encodeMetrics(metrics: HourMetrics): string {
  const stored: Partial<Record<FieldMetric, StoredTally>> = {};
  for (const metric of FIELD_METRICS) {
    const tally = metrics[metric];
    if (!tally) continue;
    const { good, needsImprovement, poor } = tally.ratings;
    stored[metric] = { s: storedSketch(tally.sketch), r: [good, needsImprovement, poor] };
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
    metrics[metric] = { sketch: sketchOf(tally.s), ratings: { good, needsImprovement, poor } };
  }
  return metrics;
}
