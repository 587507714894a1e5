import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Monitor } from '../../core/api/monitors';
import { apiSend } from './api';
import { storeMonitor } from './monitor-cache';
import { monitorKeys, monitorPath } from './monitors';

type Verb = 'pause' | 'resume' | 'check';

const DONE: Record<Verb, (monitor: Monitor) => string> = {
  pause: (monitor) => `${monitor.name} is paused.`,
  resume: (monitor) => `${monitor.name} is checked again.`,
  check: (monitor) => `${monitor.name} is being checked now.`,
};

/** Pause, resume and "Check now": one mutation each, all storing the monitor the server returns. */
export function useMonitorAction(verb: Verb) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<Monitor>('POST', monitorPath(id, verb)),
    onSuccess: (monitor) => {
      storeMonitor(queryClient, monitor);
      // A list filtered by status may have to gain or lose the row; the tiles count paused ones.
      if (verb !== 'check') {
        void queryClient.invalidateQueries({ queryKey: monitorKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: monitorKeys.summary() });
      }
      toast.success(DONE[verb](monitor));
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
