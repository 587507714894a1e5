import { createContext, useContext } from 'react';
import type { RequestError } from '../lib/api';
import type { BillingClient } from './client';
import type { Entitlements } from './entitlements';
import type { FlowEffects } from './flows';

export interface BillingContextValue {
  client: BillingClient;
  entitlements: Entitlements;
  /** True when `entitlements` holds the dev-mode mock customer (never in production builds). */
  isMock: boolean;
  customerError: RequestError | null;
  effects: FlowEffects;
}

export const BillingContext = createContext<BillingContextValue | null>(null);

/** The provider's value; `name` is the calling hook's, for the error when there is none. */
export function useBillingContext(name: string): BillingContextValue {
  const value = useContext(BillingContext);
  if (!value) throw new Error(`${name} must be used within <BillingProvider />`);
  return value;
}

/** The provider's HTTP client, for calls no hook wraps (a paywall's server check, a one-off query). */
export function useBillingClient(): BillingClient {
  return useBillingContext('useBillingClient').client;
}
