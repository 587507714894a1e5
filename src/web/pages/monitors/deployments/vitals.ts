// Web Vitals of a monitor's linked performance sites beside a deployment, written the way the
// performance pages write each metric.

import type { DeploymentImpact } from '../../../../core/api/deployments';
import type { PerformanceMetric } from '../../../../core/api/performance';
import { formatMetric, METRIC_SHORT } from '../../performance/metrics';

type SiteVitals = NonNullable<DeploymentImpact['vitals']>[number];
type Vitals = NonNullable<SiteVitals['before']>;

/** The figures shown, in the order read: the largest paint first, the overall score last. */
const SHOWN: readonly [keyof Vitals, PerformanceMetric][] = [
  ['lcpMs', 'lcpMs'],
  ['cls', 'cls'],
  ['tbtMs', 'tbtMs'],
  ['score', 'performanceScore'],
];

function side(metric: PerformanceMetric, value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatMetric(metric, value);
}

/** 'LCP 2.4 s → 1.9 s · CLS 0.120 → 0.050 · TBT 310 ms → 150 ms · Score 71 → 83' */
export function vitalsSentence({ before, after }: SiteVitals): string {
  return SHOWN.filter(([key]) => (before?.[key] ?? null) !== null || (after?.[key] ?? null) !== null)
    .map(
      ([key, metric]) =>
        `${METRIC_SHORT[metric]} ${side(metric, before?.[key])} → ${side(metric, after?.[key])}`,
    )
    .join(' · ');
}

/** Sites with a run on at least one side; a site never measured has nothing to compare. */
export function measuredSites(impact: DeploymentImpact): SiteVitals[] {
  return (impact.vitals ?? []).filter((site) => site.before !== null || site.after !== null);
}

type FieldSide = NonNullable<SiteVitals['field']>['before'];

/** Real visitors' vitals shown beside a deployment: the three Core Web Vitals, INP included. */
const FIELD_SHOWN = [
  ['lcp', 'LCP'],
  ['inp', 'INP'],
  ['cls', 'CLS'],
] as const;

function fieldValue(metric: (typeof FIELD_SHOWN)[number][0], value: number | null): string {
  if (value === null) return '—';
  if (metric === 'cls') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** 'LCP 3.2 s → 1.8 s · INP 300 ms → 120 ms · CLS 0.20 → 0.05 (p75 of 50 → 48 page views)' */
export function fieldSentence({ before, after }: { before: FieldSide; after: FieldSide }): string {
  const figures = FIELD_SHOWN.filter(([metric]) => before[metric] !== null || after[metric] !== null)
    .map(
      ([metric, label]) =>
        `${label} ${fieldValue(metric, before[metric])} → ${fieldValue(metric, after[metric])}`,
    )
    .join(' · ');
  return `${figures} (p75 of ${before.pageViews.toLocaleString('en-US')} → ${after.pageViews.toLocaleString('en-US')} page views)`;
}
