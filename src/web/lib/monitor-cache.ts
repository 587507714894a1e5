import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Monitor, MonitorCommon, MonitorList } from '../../core/api/monitors';
import { monitorKeys } from './monitors';

/** Applies `patch` to every cached copy of one monitor: its detail and its rows in any list. */
export function patchCachedMonitor(
  queryClient: QueryClient,
  id: string,
  patch: (monitor: Monitor) => Partial<MonitorCommon>,
): void {
  queryClient.setQueryData<Monitor>(monitorKeys.detail(id), (monitor) =>
    monitor ? { ...monitor, ...patch(monitor) } : monitor,
  );
  queryClient.setQueriesData<InfiniteData<MonitorList>>({ queryKey: monitorKeys.lists() }, (data) => {
    if (!data?.pages.some((page) => page.monitors.some((monitor) => monitor.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        monitors: page.monitors.map((monitor) =>
          monitor.id === id ? { ...monitor, ...patch(monitor) } : monitor,
        ),
      })),
    };
  });
}

/** Stores a monitor the server just answered with, wherever it is cached. */
export function storeMonitor(queryClient: QueryClient, monitor: Monitor): void {
  queryClient.setQueryData(monitorKeys.detail(monitor.id), monitor);
  // Rows keep their stats, which the answer does not carry.
  patchCachedMonitor(queryClient, monitor.id, () => monitor);
}
