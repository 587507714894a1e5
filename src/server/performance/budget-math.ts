// Pure judgements on a run's metrics: which budgets it breaks, which metrics regressed against
// the median of the runs before it, and which way each metric moved since the previous run.
import {
  type Budget,
  HIGHER_IS_BETTER,
  isLabBudget,
  PERFORMANCE_METRICS,
  type PerformanceMetric,
  type PerformanceMetrics,
  REGRESSION_THRESHOLD,
  REGRESSION_WINDOW_RUNS,
} from '../../core/api/performance.ts';

export interface Violation {
  metric: PerformanceMetric;
  value: number;
  limit: number;
}

export interface Regression {
  metric: PerformanceMetric;
  value: number;
  median: number;
}

export type Trend = 'better' | 'worse' | 'same';

/** A budget is a maximum, except for the score where it is a minimum. A run judges lab budgets only. */
export function violationsOf(metrics: PerformanceMetrics, budgets: readonly Budget[]): Violation[] {
  const found: Violation[] = [];
  for (const { metric, limit } of budgets.filter(isLabBudget)) {
    const value = metrics[metric];
    if (value === null) continue;
    const over = HIGHER_IS_BETTER.has(metric) ? value < limit : value > limit;
    if (over) found.push({ metric, value, limit });
  }
  return found;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * `previous` are the earlier succeeded runs' metrics, newest first. A metric regresses when it
 * is worse than the median of the last REGRESSION_WINDOW_RUNS values by more than
 * REGRESSION_THRESHOLD; with fewer earlier values there is no baseline yet, and a zero median
 * (e.g. no layout shift at all) gives no share to measure against.
 */
export function regressionsOf(
  metrics: PerformanceMetrics,
  previous: readonly PerformanceMetrics[],
): Regression[] {
  const found: Regression[] = [];
  for (const metric of PERFORMANCE_METRICS) {
    const value = metrics[metric];
    if (value === null) continue;
    const window = previous
      .map((run) => run[metric])
      .filter((v): v is number => v !== null)
      .slice(0, REGRESSION_WINDOW_RUNS);
    if (window.length < REGRESSION_WINDOW_RUNS) continue;
    const baseline = median(window);
    if (baseline <= 0) continue;
    const worse = HIGHER_IS_BETTER.has(metric)
      ? value < baseline * (1 - REGRESSION_THRESHOLD)
      : value > baseline * (1 + REGRESSION_THRESHOLD);
    if (worse) found.push({ metric, value, median: baseline });
  }
  return found;
}

/** Moves within this share of the previous value read as 'same': lab runs jitter a little. */
export const TREND_TOLERANCE = 0.02;

export function trendOf(
  latest: PerformanceMetrics | null,
  previous: PerformanceMetrics | null,
): Record<PerformanceMetric, Trend | null> {
  return Object.fromEntries(
    PERFORMANCE_METRICS.map((metric) => {
      const now = latest?.[metric] ?? null;
      const before = previous?.[metric] ?? null;
      if (now === null || before === null) return [metric, null];
      if (Math.abs(now - before) <= Math.abs(before) * TREND_TOLERANCE) return [metric, 'same'];
      const improved = HIGHER_IS_BETTER.has(metric) ? now > before : now < before;
      return [metric, improved ? 'better' : 'worse'];
    }),
  ) as Record<PerformanceMetric, Trend | null>;
}
