// The words of performance budget alerts (performance.*): a site's metric over its budget, and
// back within it. summarise() in alert-summary.ts hands these kinds here.
import { FIELD_METRIC_LABELS, type FieldMetric } from '../api/field-vitals.ts';
import {
  type BudgetMetric,
  type FieldBudgetWindow,
  HIGHER_IS_BETTER,
  PERFORMANCE_METRIC_LABELS,
  type PerformanceMetric,
} from '../api/performance.ts';
import type { AlertEvent, FieldAlertFacts, PerformanceAlertFacts } from './alert-event.ts';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** '2.84 s', '480 ms', '0.153', '72', '1.2 MB', '38 requests' (field vitals read like the lab's). */
export function formatMetric(metric: BudgetMetric, value: number): string {
  switch (metric) {
    case 'cls':
      return value.toFixed(3);
    case 'performanceScore':
      return String(Math.round(value));
    case 'totalBytes':
      return value >= 1_000_000
        ? `${number.format(value / 1_000_000)} MB`
        : `${number.format(value / 1000)} KB`;
    case 'requestCount':
      return `${Math.round(value)} requests`;
    default:
      return value >= 1000 ? `${number.format(value / 1000)} s` : `${Math.round(value)} ms`;
  }
}

const WINDOW_WORDS: Record<FieldBudgetWindow, string> = { '24h': 'Last 24 hours', '28d': 'Last 28 days' };

export function summarisePerformance(event: AlertEvent, p: PerformanceAlertFacts) {
  if (p.field) return summariseField(event, p, p.field);
  const name = event.monitor.name;
  const metric = p.metric as PerformanceMetric;
  const label = PERFORMANCE_METRIC_LABELS[metric];
  const value = formatMetric(metric, p.value);
  const limit = formatMetric(metric, p.limit);
  const bound = HIGHER_IS_BETTER.has(metric) ? 'at least' : 'at most';
  const facts: [string, string][] = [
    ['Metric', label],
    ['Measured', value],
    ['Budget', `${bound} ${limit}`],
    ['Device', p.device],
  ];
  if (event.kind === 'performance.budget_recovered') {
    return {
      tone: 'up' as const,
      tag: 'Within budget',
      titleDetail: `${label} back within budget (${value})`,
      headline: `${name} is back within its performance budget.`,
      detail: `${label} measured ${value}, within the budget of ${bound} ${limit}.`,
      facts,
    };
  }
  return {
    tone: 'warning' as const,
    tag: 'Over budget',
    titleDetail: `${label} ${value} over budget (${bound} ${limit})`,
    headline: `${name} is over its performance budget.`,
    detail: `${label} measured ${value}; the budget is ${bound} ${limit}. Upwatch alerts once per episode and again when it is back within budget.`,
    facts,
  };
}

/** A field budget: real visitors' p75 over a window, judged hourly (always a maximum). */
function summariseField(event: AlertEvent, p: PerformanceAlertFacts, field: FieldAlertFacts) {
  const name = event.monitor.name;
  const label = FIELD_METRIC_LABELS[p.metric as FieldMetric];
  const value = formatMetric(p.metric, p.value);
  const limit = formatMetric(p.metric, p.limit);
  const window = `the ${WINDOW_WORDS[field.window].toLowerCase()}`;
  const views = `${number.format(field.pageViews)} page views`;
  const hours = `${field.consecutiveHours} hour${field.consecutiveHours === 1 ? '' : 's'} in a row`;
  const facts: [string, string][] = [
    ['Metric', `${label} (real visitors, p75)`],
    ['Measured', value],
    ['Budget', `at most ${limit}`],
    ['Window', WINDOW_WORDS[field.window]],
    ['Page views', number.format(field.pageViews)],
  ];
  if (event.kind === 'performance.budget_recovered') {
    return {
      tone: 'up' as const,
      tag: 'Within budget',
      titleDetail: `${label} p75 back within budget (${value})`,
      headline: `${name} is back within its performance budget for real visitors.`,
      detail: `Real visitors' ${label} at p75 is ${value} over ${window} (${views}), within the budget of at most ${limit} for ${hours}.`,
      facts,
    };
  }
  return {
    tone: 'warning' as const,
    tag: 'Over budget',
    titleDetail: `${label} p75 ${value} over budget (at most ${limit})`,
    headline: `${name} is over its performance budget for real visitors.`,
    detail: `Real visitors' ${label} at p75 is ${value} over ${window} (${views}), over the budget of at most ${limit} for ${hours}. Upwatch alerts once per episode and again when it is back within budget.`,
    facts,
  };
}
