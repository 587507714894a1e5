import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionData } from './auth-client';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<SessionData | null> => {
    // The auth client is fetched when a session is first asked for: the prerendered landing and
    // pricing pages know theirs already and never need it.
    const { authClient } = await import('./auth-client');
    const { data, error } = await authClient.getSession();
    if (error) throw new Error(error.message ?? 'Could not check your session.');
    return data ?? null;
  },
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
