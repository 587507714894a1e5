// The words of performance budget alerts (performance.*): a site's metric over its budget, and
// back within it. summarise() in alert-summary.ts hands these kinds here.
import { HIGHER_IS_BETTER, PERFORMANCE_METRIC_LABELS, type PerformanceMetric } from '../api/performance.ts';
import type { AlertEvent, PerformanceAlertFacts } from './alert-event.ts';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** '2.84 s', '480 ms', '0.153', '72', '1.2 MB', '38 requests'. */
export function formatMetric(metric: PerformanceMetric, value: number): string {
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

export function summarisePerformance(event: AlertEvent, p: PerformanceAlertFacts) {
  const name = event.monitor.name;
  const label = PERFORMANCE_METRIC_LABELS[p.metric];
  const value = formatMetric(p.metric, p.value);
  const limit = formatMetric(p.metric, p.limit);
  const bound = HIGHER_IS_BETTER.has(p.metric) ? 'at least' : 'at most';
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
