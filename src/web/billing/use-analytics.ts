import { useQuery } from '@tanstack/react-query';
import type { RequestError } from '../lib/api';
import type { UsageRange } from './api-types';
import { useBillingContext } from './billing-context';
import { billingKeys } from './queries';
import { unwrap } from './wire';

/**
 * Usage over time from `POST /query` (BILLING.md §7): one row per period with a value per
 * feature id. `range` is 24h, 7d, 30d, 90d or last_cycle (the server's default when omitted).
 */
export function useAnalytics({ featureId, range }: { featureId: string | string[]; range?: UsageRange }) {
  const billing = useBillingContext('useAnalytics');
  const featureIds = Array.isArray(featureId) ? featureId : [featureId];
  const query = useQuery({
    queryKey: billingKeys.usage(featureIds, range),
    queryFn: async () => unwrap(await billing.client.query({ featureId, range })).list,
    enabled: billing.entitlements.status === 'ready' && !billing.isMock,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    data: query.data ?? null,
    isLoading: query.isPending && billing.entitlements.status !== 'no_data',
    error: (query.error as RequestError | null) ?? null,
    refetch: async () => {
      await query.refetch();
    },
  };
}
