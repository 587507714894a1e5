import { queryOptions } from '@tanstack/react-query';
import type { SslOverview } from '../../../../core/api/ssl';
import { apiGet } from '../../../lib/api';
import { monitorKeys, monitorPath } from '../../../lib/monitors';

/** The first check of a new https monitor runs at once: ask again until it has landed. */
export const FIRST_CHECK_POLL_MS = 3000;
/** Two minutes of asking; a check that has not landed by then waits for the next visit. */
const FIRST_CHECK_MAX_POLLS = 40;

// Under the monitor's detail key, so whatever refreshes the monitor refreshes its certificate.
export const sslKey = (id: string) => [...monitorKeys.detail(id), 'ssl'] as const;

export function sslQueryOptions(id: string) {
  return queryOptions({
    queryKey: sslKey(id),
    queryFn: ({ signal }) => apiGet<SslOverview>(monitorPath(id, 'ssl'), signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = data?.applicable && data.current === null;
      return waiting && query.state.dataUpdateCount < FIRST_CHECK_MAX_POLLS ? FIRST_CHECK_POLL_MS : false;
    },
  });
}
