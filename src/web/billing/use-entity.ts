import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RequestError } from '../lib/api';
import type { CancelParams, TrackParams } from './api-types';
import { useBillingContext } from './billing-context';
import type { Entitlements } from './entitlements';
import { type AttachFlowParams, runAttach } from './flows';
import { billingKeys } from './queries';
import { type ClientCheckParams, makeCheck } from './use-customer';
import { unwrap } from './wire';

/**
 * One entity (a seat or resource, BILLING.md §8) and the customer's calls scoped to it:
 * `check` reads the entity's own features; `attach`, `cancel` and `track` send its id.
 */
export function useEntity(entityId: string | null | undefined, { expand = [] }: { expand?: string[] } = {}) {
  const billing = useBillingContext('useEntity');
  const { client, effects } = billing;
  const query = useQuery({
    queryKey: billingKeys.entity(entityId ?? ''),
    queryFn: async () => unwrap(await client.getEntity(entityId as string, expand)),
    enabled: Boolean(entityId) && billing.entitlements.status === 'ready' && !billing.isMock,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const entity = query.data ?? null;

  return useMemo(() => {
    const scoped: Entitlements = entity
      ? {
          status: 'ready',
          customer: {
            ...(billing.entitlements.customer ?? { id: entity.customer_id, name: null, email: null }),
            products: entity.products,
            features: entity.features,
          },
        }
      : { status: query.isPending && entityId ? 'loading' : 'no_data', customer: null };
    const refetch = async () => {
      await query.refetch();
    };
    return {
      entity,
      isLoading: Boolean(entityId) && query.isPending,
      error: (query.error as RequestError | null) ?? null,
      refetch,
      check: (params: Omit<ClientCheckParams, 'entityId'>) =>
        makeCheck(
          { ...billing, entitlements: scoped },
          scoped.customer,
        )({ ...params, entityId: entityId ?? undefined }),
      attach: async (params: Omit<AttachFlowParams, 'entityId'>) => {
        const result = await runAttach(effects, { ...params, entityId: entityId ?? undefined });
        if (!result.error) await refetch();
        return result;
      },
      cancel: async (params: Omit<CancelParams, 'entityId'>) => {
        const result = await client.cancel({ ...params, entityId: entityId ?? undefined });
        if (!result.error) await refetch();
        return result;
      },
      track: (params: Omit<TrackParams, 'entityId'>) =>
        client.track({ ...params, entityId: entityId ?? undefined }),
    };
  }, [billing, client, effects, entity, entityId, query]);
}
