// Performance sites and runs: query keys, fetchers and the plan usage the screens show.
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PerformanceRun, PerformanceSite, RunStatus } from '../../core/api/performance';
import { apiGet, withQuery } from './api';

export const RUNS_PAGE_SIZE = 50;
/**
 * While a run is queued or running, sites are refetched this often as well: progress still moves
 * when the event stream is down, and a run finished meanwhile is noticed.
 */
export const ACTIVE_RUN_POLL_MS = 5000;

export const performanceKeys = {
  all: ['performance'] as const,
  sites: () => [...performanceKeys.all, 'sites'] as const,
  site: (id: string) => [...performanceKeys.all, 'site', id] as const,
  runs: (id: string) => [...performanceKeys.all, 'runs', id] as const,
  /** The live state of a site's newest run, written by 'Run now' and the event stream. */
  progress: (id: string) => ['performance-progress', id] as const,
  plan: ['me-plan'] as const,
};

export function sitePath(id?: string, action?: string): string {
  const base = id ? `/api/v1/performance/sites/${encodeURIComponent(id)}` : '/api/v1/performance/sites';
  return action ? `${base}/${action}` : base;
}

export const sitesQueryOptions = queryOptions({
  queryKey: performanceKeys.sites(),
  queryFn: async ({ signal }) => (await apiGet<{ sites: PerformanceSite[] }>(sitePath(), signal)).sites,
  refetchInterval: (query) =>
    query.state.data?.some((site) => site.activeRun !== null) ? ACTIVE_RUN_POLL_MS : false,
});

export function siteQueryOptions(id: string) {
  return queryOptions({
    queryKey: performanceKeys.site(id),
    queryFn: ({ signal }) => apiGet<PerformanceSite>(sitePath(id), signal),
    refetchInterval: (query) => (query.state.data?.activeRun ? ACTIVE_RUN_POLL_MS : false),
  });
}

/** A site's runs, newest first, a page at a time. */
export function runsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: performanceKeys.runs(id),
    queryFn: ({ signal, pageParam }) =>
      apiGet<{ runs: PerformanceRun[]; nextCursor: string | null }>(
        withQuery(sitePath(id, 'runs'), { limit: RUNS_PAGE_SIZE, cursor: pageParam }),
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** One counted allowance of GET /api/v1/me/plan. */
export interface PlanAllowance {
  limit: number | null;
  used: number;
  remaining: number;
  unlimited: boolean;
  resetsAt?: number;
}

export interface PlanUsage {
  plan: string;
  displayName: string;
  limits: { performanceSites: PlanAllowance; performanceRuns: PlanAllowance };
}

export const planUsageQueryOptions = queryOptions({
  queryKey: performanceKeys.plan,
  queryFn: ({ signal }) => apiGet<PlanUsage>('/api/v1/me/plan', signal),
});

export interface RunProgress {
  runId: string;
  status: RunStatus;
  error: { code: string; message: string } | null;
}

export function isFinished(status: RunStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

/**
 * Records a run's new state for the progress display; a finished run refetches the sites, the
 * run list and the plan usage, whose figures it changed.
 */
export function recordRunProgress(queryClient: QueryClient, siteId: string, progress: RunProgress): void {
  queryClient.setQueryData(performanceKeys.progress(siteId), progress);
  if (!isFinished(progress.status)) return;
  void queryClient.invalidateQueries({ queryKey: performanceKeys.all });
  void queryClient.invalidateQueries({ queryKey: performanceKeys.plan });
}
