import {
  PERFORMANCE_METRICS,
  type PerformanceMetrics,
  type PerformanceRun,
  type PerformanceSite,
} from '../../core/api/performance';
import type { PlanUsage } from '../lib/performance';

export const PERF_NOW = Date.UTC(2025, 2, 3, 12, 0, 0);
const HOUR_MS = 3_600_000;

export function makeMetrics(overrides: Partial<PerformanceMetrics> = {}): PerformanceMetrics {
  return {
    performanceScore: 95,
    lcpMs: 1200,
    cls: 0.02,
    tbtMs: 50,
    fcpMs: 900,
    speedIndexMs: 1500,
    serverResponseMs: 120,
    totalBytes: 512_000,
    requestCount: 12,
    ...overrides,
  };
}

export function makeRun(overrides: Partial<PerformanceRun> = {}): PerformanceRun {
  return {
    id: 'run-1',
    siteId: 'site-1',
    status: 'succeeded',
    reason: 'schedule',
    queuedAt: PERF_NOW - HOUR_MS - 60_000,
    startedAt: PERF_NOW - HOUR_MS - 30_000,
    finishedAt: PERF_NOW - HOUR_MS,
    error: null,
    metrics: makeMetrics(),
    opportunities: [],
    blockedRequests: [],
    violations: [],
    regressions: [],
    ...overrides,
  };
}

const NO_TREND = Object.fromEntries(
  PERFORMANCE_METRICS.map((metric) => [metric, null]),
) as PerformanceSite['trend'];

export function makeSite(overrides: Partial<PerformanceSite> = {}): PerformanceSite {
  return {
    id: 'site-1',
    url: 'https://acme.dev/',
    name: 'acme.dev',
    device: 'mobile',
    monitorId: null,
    budgets: [],
    frequency: 'weekly',
    lastRun: makeRun(),
    activeRun: null,
    nextRunAt: PERF_NOW + 24 * HOUR_MS,
    budgetStatus: 'none',
    trend: NO_TREND,
    createdAt: PERF_NOW - 48 * HOUR_MS,
    ...overrides,
  };
}

/** GET /api/v1/me/plan as the performance screens read it. */
export function makePlanUsage(
  sites: { used: number; limit: number | null },
  runs: { remaining: number; limit: number | null },
  displayName = 'Free',
): PlanUsage {
  const allowance = (used: number, limit: number | null, remaining: number) => ({
    limit,
    used,
    remaining,
    unlimited: limit === null,
  });
  return {
    plan: displayName.toLowerCase(),
    displayName,
    limits: {
      performanceSites: allowance(
        sites.used,
        sites.limit,
        Math.max(0, (sites.limit ?? 999_999) - sites.used),
      ),
      performanceRuns: allowance((runs.limit ?? 0) - runs.remaining, runs.limit, runs.remaining),
    },
  };
}
