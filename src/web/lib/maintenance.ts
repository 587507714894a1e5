import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type {
  MaintenanceWindow,
  MaintenanceWindowInput,
  MaintenanceWindowList,
  MaintenanceWindowUpdate,
} from '../../core/api/maintenance';
import { apiGet, apiSend, withQuery } from './api';
import { monitorKeys } from './monitors';

/** Windows start and end on the server's clock: an open screen looks again this often. */
export const MAINTENANCE_POLL_MS = 30_000;

export const maintenanceKeys = {
  all: ['maintenance-windows'] as const,
  list: (state: 'open' | 'completed') => [...maintenanceKeys.all, 'list', state] as const,
};

export function maintenanceListQueryOptions(state: 'open' | 'completed') {
  return queryOptions({
    queryKey: maintenanceKeys.list(state),
    queryFn: ({ signal }) =>
      apiGet<MaintenanceWindowList>(withQuery('/api/v1/maintenance-windows', { state, limit: 100 }), signal),
    refetchInterval: MAINTENANCE_POLL_MS,
  });
}

export function windowPath(id: string, action?: string): string {
  const base = `/api/v1/maintenance-windows/${encodeURIComponent(id)}`;
  return action ? `${base}/${action}` : base;
}

/** Every write refreshes the windows and the monitors (a running window marks them). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
    void queryClient.invalidateQueries({ queryKey: monitorKeys.all });
  };
}

export function useSaveWindow(id: string | null, onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: MaintenanceWindowInput | MaintenanceWindowUpdate) =>
      id
        ? apiSend<MaintenanceWindow>('PATCH', windowPath(id), input)
        : apiSend<MaintenanceWindow>('POST', '/api/v1/maintenance-windows', input),
    onSuccess: () => {
      refresh();
      toast.success(id ? 'Maintenance window saved.' : 'Maintenance window scheduled.');
      onDone();
    },
  });
}

/** Start now, End now and Delete. */
export function useWindowAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'start' | 'end' | 'delete' }) =>
      action === 'delete' ? apiSend('DELETE', windowPath(id)) : apiSend('POST', windowPath(id, action)),
    onSuccess: (_, { action }) => {
      refresh();
      toast.success(
        action === 'start'
          ? 'Maintenance started.'
          : action === 'end'
            ? 'Maintenance ended.'
            : 'Maintenance window deleted.',
      );
    },
    onError: (error) => toast.error(error.message),
  });
}
