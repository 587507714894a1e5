import { queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError, apiGet } from './api';

// The incident API arrives with the incidents issue; the web needs only these fields so far.
export interface IncidentSummary {
  id: string;
  title: string;
}

export function incidentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['incidents', id],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<IncidentSummary>(`/api/v1/incidents/${encodeURIComponent(id)}`, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw notFound();
        throw error;
      }
    },
  });
}
