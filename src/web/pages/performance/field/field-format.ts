// How real visitors' figures read: a vital's p75 ("2.1 s", "180 ms", "0.05"), its rating's words
// and colours, and the Core Web Vitals verdict for a range.
import type { FieldReport } from '../../../../core/api/field';
import {
  CORE_WEB_VITALS,
  FIELD_METRIC_LABELS,
  type FieldMetric,
  type FieldRating,
  fieldRating,
} from '../../../../core/api/field-vitals';
import { numberFormat } from '../../../lib/format';

export type FieldMetrics = FieldReport['metrics'];

export const FIELD_SHORT: Record<FieldMetric, string> = {
  lcp: 'LCP',
  inp: 'INP',
  cls: 'CLS',
  fcp: 'FCP',
  ttfb: 'TTFB',
};

export function fieldLabel(metric: FieldMetric): string {
  return FIELD_METRIC_LABELS[metric];
}

export const FIELD_RATING_LABELS: Record<FieldRating, string> = {
  good: 'Good',
  needsImprovement: 'Needs improvement',
  poor: 'Poor',
};

/** Text colours with AA contrast on the page in both schemes. */
export const FIELD_RATING_TEXT: Record<FieldRating, string> = {
  good: 'text-accent',
  needsImprovement: 'text-warning',
  poor: 'text-danger',
};

/** CrUX's bar colours; a bar is a graphic beside its figures in words, readable in both schemes. */
export const FIELD_RATING_FILL: Record<FieldRating, string> = {
  good: 'bg-emerald-500',
  needsImprovement: 'bg-amber-400',
  poor: 'bg-red-500',
};

export const RATINGS: readonly FieldRating[] = ['good', 'needsImprovement', 'poor'];

/** CLS unitless to two decimals; times under a second in ms, from a second in seconds. */
export function formatFieldValue(metric: FieldMetric, value: number): string {
  if (metric === 'cls') return value.toFixed(2);
  if (value < 1000) return `${numberFormat().format(Math.round(value))} ms`;
  return `${numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000)} s`;
}

/** "62 %", "<1 %" for a share above zero that rounds to none. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.005) return '<1 %';
  return `${Math.round(share * 100)} %`;
}

/** The p75's rating, or null with no page view measured. */
export function ratingOf(metrics: FieldMetrics, metric: FieldMetric): FieldRating | null {
  const p75 = metrics[metric].p75;
  return p75 === null ? null : fieldRating(metric, p75);
}

export interface Verdict {
  passes: boolean;
  /** The Core Web Vitals without a measurement (INP before anyone interacted), judged without. */
  unmeasured: FieldMetric[];
}

/**
 * Passes when LCP, INP and CLS are all good at p75. As PageSpeed Insights does, a vital nobody
 * measured yet (INP on pages no one clicked) is left out; with none measured there is no verdict.
 */
export function coreWebVitalsVerdict(metrics: FieldMetrics): Verdict | null {
  const unmeasured = CORE_WEB_VITALS.filter((metric) => metrics[metric].p75 === null);
  if (unmeasured.length === CORE_WEB_VITALS.length) return null;
  const passes = CORE_WEB_VITALS.every((metric) => {
    const rating = ratingOf(metrics, metric);
    return rating === null || rating === 'good';
  });
  return { passes, unmeasured };
}

const SEVERITY: Record<FieldRating, number> = { good: 1, needsImprovement: 2, poor: 3 };

/** How bad a group is: its worst Core Web Vital's rating (0 with none measured), then its LCP. */
export function worstFirst(a: FieldMetrics, b: FieldMetrics): number {
  const severity = (metrics: FieldMetrics) =>
    Math.max(
      0,
      ...CORE_WEB_VITALS.map((metric) => {
        const rating = ratingOf(metrics, metric);
        return rating === null ? 0 : SEVERITY[rating];
      }),
    );
  const measured = (metrics: FieldMetrics) => (metrics.lcp.p75 === null ? 0 : 1);
  return severity(b) - severity(a) || measured(b) - measured(a) || (b.lcp.p75 ?? 0) - (a.lcp.p75 ?? 0);
}
