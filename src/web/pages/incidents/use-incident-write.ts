import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Incident } from '../../../core/api/incidents';
import { incidentKeys } from '../../lib/incidents';
import { monitorKeys } from '../../lib/monitors';

/**
 * One management write on an incident. Every such route answers with the whole incident, which
 * replaces the cached one; the timeline and the lists gain the change on their next read.
 */
export function useIncidentWrite<Input = void>(
  id: string,
  send: (input: Input) => Promise<Incident>,
  done: string | ((incident: Incident) => string),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (incident) => {
      queryClient.setQueryData(incidentKeys.detail(id), incident);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.timeline(id) });
      void queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
      // The dashboard counts open incidents.
      void queryClient.invalidateQueries({ queryKey: monitorKeys.summary() });
      toast.success(typeof done === 'string' ? done : done(incident));
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
