import { useCallback, useMemo } from 'react';
import type { RequestError } from '../lib/api';
import type {
  BillingPortalParams,
  CancelParams,
  CreateEntityParams,
  Customer,
  SetupPaymentParams,
  TrackParams,
  UrlResult,
} from './api-types';
import { type BillingContextValue, useBillingContext } from './billing-context';
import type { BillingDialog } from './dialog';
import { checkAllowed, type EntitlementStatus, hasFeature, usageOf } from './entitlements';
import { type AttachFlowParams, type CheckoutFlowParams, runAttach, runCheckout } from './flows';
import type { BillingResult } from './wire';

export interface ClientCheckParams {
  featureId?: string;
  productId?: string;
  entityId?: string;
  /** Default 1 (SPEC.md §9). */
  requiredBalance?: number;
  /** Opened (with featureId/productId/entityId) when access is denied: the paywall. */
  dialog?: BillingDialog;
}

export interface ClientCheckResult {
  data: {
    allowed: boolean;
    customer_id: string | null;
    feature_id?: string;
    product_id?: string;
    entity_id?: string;
    required_balance: number;
  };
  error: null;
}

interface UrlFlowOptions {
  /** Open the returned URL in a new tab; the same tab by default. */
  openInNewTab?: boolean;
}

/** The client-side check, answered from the cached customer with no request. */
export function makeCheck(billing: BillingContextValue, customer: Customer | null) {
  return (params: ClientCheckParams): ClientCheckResult => {
    const { dialog, ...asked } = params;
    const allowed = checkAllowed(billing.entitlements, asked);
    if (!allowed && dialog) {
      billing.effects.openDialog(dialog, {
        featureId: asked.featureId,
        productId: asked.productId,
        entityId: asked.entityId,
      });
    }
    return {
      data: {
        allowed,
        customer_id: customer?.id ?? null,
        feature_id: asked.featureId,
        product_id: asked.productId,
        entity_id: asked.entityId,
        required_balance: asked.requiredBalance ?? 1,
      },
      error: null,
    };
  };
}

/**
 * The signed-in customer and every billing action (SPEC.md §4–§5). While loading, `check`
 * and `hasFeature` say false and `usage` null; with no billing data only the basic features
 * (basic_monitoring, monitors, ssl_monitoring, public_status_pages) count as present.
 */
export function useCustomer() {
  const billing = useBillingContext('useCustomer');
  const { client, effects, entitlements } = billing;
  const customer = entitlements.customer;

  const refetch = useCallback(async () => {
    await effects.refetchCustomer();
  }, [effects]);

  const followUrl = useCallback(
    async (result: BillingResult<UrlResult>, newTab: boolean | undefined) => {
      if (result.data?.url) await effects.openUrl(result.data.url, newTab ?? false);
      return result;
    },
    [effects],
  );

  return useMemo(
    () => ({
      customer,
      status: entitlements.status as EntitlementStatus,
      isLoading: entitlements.status === 'loading',
      error: billing.customerError as RequestError | null,
      /** True when the customer is the dev-mode mock (development builds only). */
      isMock: billing.isMock,
      refetch,
      check: makeCheck(billing, customer),
      hasFeature: (featureId: string) => hasFeature(entitlements, featureId),
      usage: (featureId: string) => usageOf(entitlements, featureId),
      checkout: (params: CheckoutFlowParams) => runCheckout(effects, params),
      attach: (params: AttachFlowParams) => runAttach(effects, params),
      cancel: async (params: CancelParams) => {
        const result = await client.cancel(params);
        if (!result.error) await refetch();
        return result;
      },
      track: (params: TrackParams) => client.track(params),
      openBillingPortal: async ({ openInNewTab, ...params }: BillingPortalParams & UrlFlowOptions = {}) =>
        followUrl(await client.billingPortal(params), openInNewTab),
      setupPayment: async ({ openInNewTab, ...params }: SetupPaymentParams & UrlFlowOptions = {}) =>
        followUrl(await client.setupPayment(params), openInNewTab),
      createEntity: async (params: CreateEntityParams) => {
        const result = await client.createEntity(params);
        if (!result.error) await refetch();
        return result;
      },
      createReferralCode: (params: { programId: string }) => client.createReferralCode(params),
      redeemReferralCode: async (params: { code: string }) => {
        const result = await client.redeemReferralCode(params);
        if (!result.error) await refetch();
        return result;
      },
    }),
    [billing, client, customer, effects, entitlements, refetch, followUrl],
  );
}

export type UseCustomerResult = ReturnType<typeof useCustomer>;
