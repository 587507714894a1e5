import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api';

/** SPEC.md §9: 2 s de-duplication, 5 s between error retries. */
export const STALE_TIME_MS = 2000;
export const RETRY_DELAY_MS = 5000;
const MAX_RETRIES = 3;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retryDelay: RETRY_DELAY_MS,
        // A 4xx answer will not change on retry; waiting 15 s to show "not found" helps no one.
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      },
      mutations: {
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
}
