import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

export interface PublicConfig {
  githubSignIn: boolean;
  publicUrl: string;
  /** UPWATCH_TEST_MODE on the server: second-level intervals are accepted. */
  testMode: boolean;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => apiGet<PublicConfig>('/api/v1/public-config', signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
