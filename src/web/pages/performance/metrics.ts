// How each recorded metric reads: its value, Google's rating, and the unit a budget is set in.
import {
  HIGHER_IS_BETTER,
  PERFORMANCE_METRIC_LABELS,
  type PerformanceMetric,
  VITALS_THRESHOLDS,
} from '../../../core/api/performance';
import { formatNumber, numberFormat } from '../../lib/format';

export type Rating = 'good' | 'average' | 'poor';

export const RATING_LABELS: Record<Rating, string> = {
  good: 'Good',
  average: 'Needs improvement',
  poor: 'Poor',
};

export const RATING_TEXT: Record<Rating, string> = {
  good: 'text-accent',
  average: 'text-warning',
  poor: 'text-danger',
};

/** The vitals every site shows, in Lighthouse's order. */
export const VITALS: readonly PerformanceMetric[] = [
  'lcpMs',
  'cls',
  'tbtMs',
  'fcpMs',
  'speedIndexMs',
  'serverResponseMs',
];

/** Short names for tight places (cards, table headings); the full label is the accessible name. */
export const METRIC_SHORT: Record<PerformanceMetric, string> = {
  performanceScore: 'Score',
  lcpMs: 'LCP',
  cls: 'CLS',
  tbtMs: 'TBT',
  fcpMs: 'FCP',
  speedIndexMs: 'Speed Index',
  serverResponseMs: 'Server response',
  totalBytes: 'Page weight',
  requestCount: 'Requests',
};

/** The unit a budget limit is typed in: the metric's stored unit. */
export const METRIC_UNITS: Record<PerformanceMetric, string> = {
  performanceScore: 'score (min)',
  lcpMs: 'ms',
  cls: '',
  tbtMs: 'ms',
  fcpMs: 'ms',
  speedIndexMs: 'ms',
  serverResponseMs: 'ms',
  totalBytes: 'bytes',
  requestCount: 'requests',
};

/** Lighthouse's score colours: 90 and up good, 50 to 89 average, below 50 poor. */
export function rateScore(score: number): Rating {
  if (score >= 90) return 'good';
  return score >= 50 ? 'average' : 'poor';
}

/** Google's rating of a lab value, or null for metrics without thresholds. */
export function rateMetric(metric: PerformanceMetric, value: number): Rating | null {
  if (metric === 'performanceScore') return rateScore(value);
  const thresholds = VITALS_THRESHOLDS[metric];
  if (!thresholds) return null;
  if (value <= thresholds.good) return 'good';
  return value <= thresholds.poor ? 'average' : 'poor';
}

const SECONDS: ReadonlySet<PerformanceMetric> = new Set(['lcpMs', 'fcpMs', 'speedIndexMs']);

/** "2.1 s" for paint times, "350 ms", "0.052", "1,234 KiB", "42", as Lighthouse prints them. */
export function formatMetric(metric: PerformanceMetric, value: number): string {
  if (SECONDS.has(metric)) {
    return `${numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000)} s`;
  }
  if (metric === 'cls') return value.toFixed(3);
  if (metric === 'totalBytes') return `${formatNumber(Math.round(value / 1024))} KiB`;
  if (metric === 'tbtMs' || metric === 'serverResponseMs') return `${formatNumber(Math.round(value))} ms`;
  return formatNumber(Math.round(value));
}

export function metricLabel(metric: PerformanceMetric): string {
  return PERFORMANCE_METRIC_LABELS[metric];
}

/** A budget's rule in words: "at most 2.0 s", or "at least 90" for the score. */
export function describeLimit(metric: PerformanceMetric, limit: number): string {
  return `${HIGHER_IS_BETTER.has(metric) ? 'at least' : 'at most'} ${formatMetric(metric, limit)}`;
}
