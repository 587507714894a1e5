// How a budget reads in the editor and the card, lab or field: its metrics, names, units and rule.
// Field budgets are on real visitors' p75 of the five vitals (INP exists only there).
import { FIELD_METRIC_LABELS, FIELD_METRICS, type FieldMetric } from '../../../core/api/field-vitals';
import {
  type Budget,
  type BudgetMetric,
  type BudgetSource,
  type FieldBudgetWindow,
  PERFORMANCE_METRICS,
  type PerformanceMetric,
} from '../../../core/api/performance';
import { describeLimit, formatMetric, METRIC_UNITS, metricLabel } from './metrics';

export const BUDGET_SOURCE_LABELS: Record<BudgetSource, string> = {
  lab: 'Lab (Lighthouse runs)',
  field: 'Field (real visitors, p75)',
};

export const FIELD_WINDOW_LABELS: Record<FieldBudgetWindow, string> = {
  '24h': 'Last 24 hours',
  '28d': 'Last 28 days',
};

/** The lab metric each field vital reads like (same unit and precision); INP reads like TBT, in ms. */
const READS_LIKE: Record<FieldMetric, PerformanceMetric> = {
  lcp: 'lcpMs',
  inp: 'tbtMs',
  cls: 'cls',
  fcp: 'fcpMs',
  ttfb: 'serverResponseMs',
};

export function budgetMetrics(source: BudgetSource): readonly BudgetMetric[] {
  return source === 'field' ? FIELD_METRICS : PERFORMANCE_METRICS;
}

/** The metric's name in a list of one source's metrics. */
export function optionLabel(source: BudgetSource, metric: BudgetMetric): string {
  return source === 'field'
    ? FIELD_METRIC_LABELS[metric as FieldMetric]
    : metricLabel(metric as PerformanceMetric);
}

/** The budget's name among all of a site's budgets: field ones say so. */
export function budgetName(source: BudgetSource, metric: BudgetMetric): string {
  return source === 'field' ? `${optionLabel(source, metric)} (field)` : optionLabel(source, metric);
}

export function budgetUnit(source: BudgetSource, metric: BudgetMetric): string {
  return METRIC_UNITS[source === 'field' ? READS_LIKE[metric as FieldMetric] : (metric as PerformanceMetric)];
}

/** "Largest Contentful Paint at most 2.0 s", "INP (field) p75 at most 200 ms, last 28 days". */
export function describeBudget(budget: Budget): string {
  if (budget.source !== 'field')
    return `${metricLabel(budget.metric)} ${describeLimit(budget.metric, budget.limit)}`;
  const limit = formatMetric(READS_LIKE[budget.metric], budget.limit);
  return `${budgetName('field', budget.metric)} p75 at most ${limit}, ${FIELD_WINDOW_LABELS[budget.window].toLowerCase()}`;
}
