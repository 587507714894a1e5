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
