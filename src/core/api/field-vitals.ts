// The five Core Web Vitals real visitors report (issue 42), with Google's good / poor boundaries
// for field data: a page view is good at or under `good`, poor over `poor`, and needs improvement
// between. INP exists only in the field; the lab's LCP, CLS and FCP thresholds are the same.
export const FIELD_METRICS = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const;
export type FieldMetric = (typeof FIELD_METRICS)[number];

export const FIELD_METRIC_LABELS: Record<FieldMetric, string> = {
  lcp: 'Largest Contentful Paint',
  inp: 'Interaction to Next Paint',
  cls: 'Cumulative Layout Shift',
  fcp: 'First Contentful Paint',
  ttfb: 'Time to First Byte',
};

/** Milliseconds, except CLS, which is unitless. */
export const FIELD_THRESHOLDS: Record<FieldMetric, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 0.1, poor: 0.25 },
  fcp: { good: 1800, poor: 3000 },
  ttfb: { good: 800, poor: 1800 },
};

export type FieldRating = 'good' | 'needsImprovement' | 'poor';

export function fieldRating(metric: FieldMetric, value: number): FieldRating {
  const { good, poor } = FIELD_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needsImprovement' : 'poor';
}

/** A page passes Core Web Vitals when LCP, INP and CLS are all good at the 75th percentile. */
export const CORE_WEB_VITALS: readonly FieldMetric[] = ['lcp', 'inp', 'cls'];
