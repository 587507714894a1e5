import { queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { apiGet, RequestError } from '../lib/api';
import type { CustomerExpand, UsageRange } from './api-types';
import type { BillingClient } from './client';
import type { SandboxCheckout, SandboxInvoice } from './types';
import { unwrap } from './wire';

// One key tree, so a payment, a cancel or a renewal can refresh every billing screen at once.
export const billingKeys = {
  all: ['billing'] as const,
  customer: () => [...billingKeys.all, 'customer'] as const,
  products: () => [...billingKeys.all, 'products'] as const,
  entity: (id: string) => [...billingKeys.all, 'entity', id] as const,
  usage: (featureIds: readonly string[], range: UsageRange | undefined) =>
    [...billingKeys.all, 'usage', featureIds, range ?? 'default'] as const,
  checkout: (id: string) => [...billingKeys.all, 'checkout', id] as const,
  invoice: (id: string) => [...billingKeys.all, 'invoice', id] as const,
};

/**
 * For route loaders: a 404 (another user's session or invoice answers it too) becomes the
 * route's not-found page. Done here rather than in the query, whose retry rule only knows
 * that a RequestError 4xx is final.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof RequestError && error.status === 404) throw notFound();
    throw error;
  }
}

export function checkoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingKeys.checkout(id),
    queryFn: ({ signal }) =>
      apiGet<SandboxCheckout>(`/api/billing/sandbox/checkouts/${encodeURIComponent(id)}`, signal),
  });
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) =>
      apiGet<SandboxInvoice>(`/api/billing/sandbox/invoices/${encodeURIComponent(id)}`, signal),
  });
}

/** What every screen reading the customer needs: the billing tab and portal list both. */
export const CUSTOMER_EXPAND: CustomerExpand[] = ['invoices', 'payment_method'];

/**
 * The signed-in customer, shared by BillingProvider and the portal. SPEC.md §9: no retry on
 * error and no background refresh; flows and mutations refetch it when they change it.
 */
export function customerQueryOptions(client: BillingClient) {
  return queryOptions({
    queryKey: billingKeys.customer(),
    // Autumn's get-or-create is a POST; it changes nothing the second time, so it is safe to refetch.
    queryFn: async () =>
      unwrap(await client.getCustomer({ errorOnNotFound: false, expand: CUSTOMER_EXPAND })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** SPEC.md §8: what a pricing-table load failure reports, whatever the cause. */
export function pricingTableError(): RequestError {
  return new RequestError(
    undefined,
    'failed_to_fetch_pricing_table_products',
    'Failed to fetch pricing table products',
  );
}

/** SPEC.md §9: pricing-table products do not auto-refresh; attach refetches them. */
export function productsQueryOptions(client: BillingClient) {
  return queryOptions({
    queryKey: billingKeys.products(),
    queryFn: async () => {
      const result = await client.products();
      if (result.error) throw pricingTableError();
      return result.data.list;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
