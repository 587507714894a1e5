import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';

// The monitor API arrives with the monitors issue; the web needs only these fields so far.
export interface MonitorSummary {
  id: string;
  name: string;
  url: string;
}

export function monitorQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['monitors', id],
    queryFn: ({ signal }) => apiGet<MonitorSummary>(`/api/v1/monitors/${encodeURIComponent(id)}`, signal),
  });
}
