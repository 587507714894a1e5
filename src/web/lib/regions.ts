import { queryOptions } from '@tanstack/react-query';
import type { MonitorRegions, RegionList } from '../../core/api/regions';
import { apiGet } from './api';
import { monitorKeys, monitorPath } from './monitors';

export const regionsQueryOptions = queryOptions({
  queryKey: ['regions'] as const,
  queryFn: ({ signal }) => apiGet<RegionList>('/api/v1/regions', signal),
  // Workers report every 5 seconds: keep the page about as fresh.
  refetchInterval: 10_000,
});

/** Which regions check a monitor, its quorum, and what each region sees now. */
export function monitorRegionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: monitorKeys.regions(id),
    queryFn: ({ signal }) => apiGet<MonitorRegions>(monitorPath(id, 'regions'), signal),
  });
}
