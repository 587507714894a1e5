import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { CheckResult, UptimeReport } from '../../core/api/history';
import type { MonitorSummary } from '../../core/api/monitor-summary';
import type { Monitor, MonitorList, MonitorStatus } from '../../core/api/monitors';
import { apiGet, withQuery } from './api';
import { workspacesQueryOptions } from './workspaces';

export type MonitorRow = MonitorList['monitors'][number];

/** Filters of one list query; every list of monitors lives under `monitorKeys.lists()`. */
export interface MonitorListParams {
  q?: string;
  status?: MonitorStatus;
  stats?: boolean;
  limit?: number;
}

// One key tree, so a live event or a write can reach every cached copy of a monitor.
export const monitorKeys = {
  all: ['monitors'] as const,
  lists: () => [...monitorKeys.all, 'list'] as const,
  list: (params: MonitorListParams) => [...monitorKeys.lists(), params] as const,
  detail: (id: string) => [...monitorKeys.all, 'detail', id] as const,
  results: (id: string) => [...monitorKeys.detail(id), 'results'] as const,
  uptime: (id: string) => [...monitorKeys.detail(id), 'uptime'] as const,
  /** A heartbeat's ping log. */
  pings: (id: string) => [...monitorKeys.detail(id), 'pings'] as const,
  /** Each region's view of a monitor checked from several. */
  regions: (id: string) => [...monitorKeys.detail(id), 'regions'] as const,
  /** The dashboard tiles' counts over every monitor and open incident. */
  summary: () => [...monitorKeys.all, 'summary'] as const,
};

export const MONITOR_PAGE_SIZE = 50;
export const RESULTS_PAGE_SIZE = 100;

export function monitorPath(id: string, action?: string): string {
  const base = `/api/v1/monitors/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

export function monitorListQueryOptions(params: MonitorListParams) {
  return infiniteQueryOptions({
    queryKey: monitorKeys.list(params),
    queryFn: ({ signal, pageParam }) =>
      apiGet<MonitorList>(
        withQuery('/api/v1/monitors', {
          limit: params.limit ?? MONITOR_PAGE_SIZE,
          cursor: pageParam,
          q: params.q,
          status: params.status,
          include: params.stats ? 'stats' : undefined,
        }),
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function monitorSummaryQueryOptions() {
  return queryOptions({
    queryKey: monitorKeys.summary(),
    queryFn: ({ signal }) => apiGet<MonitorSummary>('/api/v1/monitors/summary', signal),
  });
}

export function monitorQueryOptions(id: string) {
  return queryOptions({
    queryKey: monitorKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Monitor>(monitorPath(id), signal),
  });
}

export function monitorResultsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: monitorKeys.results(id),
    queryFn: ({ signal, pageParam }) =>
      apiGet<{ results: CheckResult[]; nextCursor: string | null }>(
        withQuery(monitorPath(id, 'results'), { limit: RESULTS_PAGE_SIZE, cursor: pageParam }),
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function monitorUptimeQueryOptions(id: string) {
  return queryOptions({
    queryKey: monitorKeys.uptime(id),
    queryFn: ({ signal }) => apiGet<UptimeReport>(monitorPath(id, 'uptime'), signal),
  });
}

/**
 * Starts the dashboard's first-screen reads (its list page with stats, the tiles' counts and the
 * header's workspace) at once, so they travel beside the session check after a sign-in instead of after it.
 */
export function prefetchDashboardHome(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(monitorListQueryOptions({ stats: true }));
  void queryClient.prefetchQuery(monitorSummaryQueryOptions());
  void queryClient.prefetchQuery(workspacesQueryOptions);
}
