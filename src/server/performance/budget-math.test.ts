import { describe, expect, it } from 'vitest';
import {
  PERFORMANCE_METRICS,
  type PerformanceMetrics,
  REGRESSION_THRESHOLD,
  REGRESSION_WINDOW_RUNS,
} from '../../core/api/performance.ts';
import { median, regressionsOf, trendOf, violationsOf } from './budget-math.ts';

const EMPTY = Object.fromEntries(PERFORMANCE_METRICS.map((m) => [m, null])) as PerformanceMetrics;
const metrics = (values: Partial<PerformanceMetrics>): PerformanceMetrics => ({ ...EMPTY, ...values });

describe('budget violations', () => {
  it('reads a budget as a maximum, and as a minimum for the performance score', () => {
    const run = metrics({ lcpMs: 2100, serverResponseMs: 500, performanceScore: 85, cls: 0.3 });
    expect(
      violationsOf(run, [
        { metric: 'lcpMs', limit: 2000 },
        { metric: 'serverResponseMs', limit: 500 },
        { metric: 'performanceScore', limit: 90 },
        { metric: 'tbtMs', limit: 100 },
      ]),
    ).toEqual([
      { metric: 'lcpMs', value: 2100, limit: 2000 },
      { metric: 'performanceScore', value: 85, limit: 90 },
    ]);
  });
});

describe('regressions against the median of the previous 5 runs', () => {
  const previous = [1000, 1100, 1200, 900, 1000].map((lcpMs, i) =>
    metrics({ lcpMs, performanceScore: [90, 92, 88, 91, 90][i] ?? null }),
  );

  it('flags a metric more than 20 % worse than the median, and not one exactly 20 % worse', () => {
    expect(REGRESSION_THRESHOLD).toBe(0.2);
    expect(REGRESSION_WINDOW_RUNS).toBe(5);
    expect(regressionsOf(metrics({ lcpMs: 1201, performanceScore: 90 }), previous)).toEqual([
      { metric: 'lcpMs', value: 1201, median: 1000 },
    ]);
    expect(regressionsOf(metrics({ lcpMs: 1200, performanceScore: 72 }), previous)).toEqual([]);
    expect(regressionsOf(metrics({ lcpMs: 800, performanceScore: 71 }), previous)).toEqual([
      { metric: 'performanceScore', value: 71, median: 90 },
    ]);
  });

  it('needs five earlier runs and only looks at the newest five', () => {
    expect(regressionsOf(metrics({ lcpMs: 5000 }), previous.slice(0, 4))).toEqual([]);
    const older = [...previous, metrics({ lcpMs: 100_000 })];
    expect(regressionsOf(metrics({ lcpMs: 1300 }), older)).toEqual([
      { metric: 'lcpMs', value: 1300, median: 1000 },
    ]);
  });

  it('has no share to measure against a zero median', () => {
    const still = Array.from({ length: 5 }, () => metrics({ cls: 0 }));
    expect(regressionsOf(metrics({ cls: 0.05 }), still)).toEqual([]);
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('trend arrows', () => {
  it('says better, worse or same (within 2 %) per metric, score the other way round', () => {
    const trend = trendOf(
      metrics({ lcpMs: 1800, tbtMs: 300, cls: 0.1, performanceScore: 95, fcpMs: 1000 }),
      metrics({ lcpMs: 2000, tbtMs: 200, cls: 0.101, performanceScore: 90 }),
    );
    expect(trend).toMatchObject({
      lcpMs: 'better',
      tbtMs: 'worse',
      cls: 'same',
      performanceScore: 'better',
      fcpMs: null,
    });
  });
});
