import { queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError, apiGet, apiSend } from '../lib/api';
import type { BillingCustomer, SandboxCheckout, SandboxInvoice } from './types';

// One key tree, so a payment, a cancel or a renewal can refresh every billing screen at once.
export const billingKeys = {
  all: ['billing'] as const,
  customer: () => [...billingKeys.all, 'customer'] as const,
  checkout: (id: string) => [...billingKeys.all, 'checkout', id] as const,
  invoice: (id: string) => [...billingKeys.all, 'invoice', id] as const,
};

/**
 * For route loaders: a 404 (another user's session or invoice answers it too) becomes the
 * route's not-found page. Done here rather than in the query, whose retry rule only knows
 * that an ApiError 4xx is final.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
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

export const customerQueryOptions = queryOptions({
  queryKey: billingKeys.customer(),
  // Autumn's get-or-create is a POST; it changes nothing the second time, so it is safe to refetch.
  queryFn: () =>
    apiSend<BillingCustomer>('POST', '/api/billing/customers', { expand: ['invoices', 'payment_method'] }),
});
