import { queryOptions } from '@tanstack/react-query';
import type { StatusPageList } from '../../core/api/status-pages';
import { apiGet } from './api';

// One key tree, so a write or a live status change refreshes every screen that lists pages.
export const statusPageKeys = {
  all: ['status-pages'] as const,
  list: () => [...statusPageKeys.all, 'list'] as const,
};

export function statusPagePath(id?: string): string {
  return id ? `/api/v1/status-pages/${encodeURIComponent(id)}` : '/api/v1/status-pages';
}

export const statusPageListQueryOptions = queryOptions({
  queryKey: statusPageKeys.list(),
  queryFn: async ({ signal }) => (await apiGet<StatusPageList>(statusPagePath(), signal)).statusPages,
});

/** The public address of one monitor's own status page. */
export function publicMonitorUrl(publicUrl: string, monitorId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/status/monitor/${encodeURIComponent(monitorId)}`;
}
