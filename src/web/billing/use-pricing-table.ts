import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RequestError } from '../lib/api';
import { useBillingContext } from './billing-context';
import { mergeProductDetails, type ProductDetails } from './pricing-table';
import { productsQueryOptions } from './queries';

/**
 * The pricing table's products (`GET /products`, each with its scenario for this customer),
 * with optional per-plan display texts. Never refreshes by itself; `attach` refetches it.
 * A failed load reports code `failed_to_fetch_pricing_table_products`.
 */
export function usePricingTable({ productDetails }: { productDetails?: ProductDetails[] } = {}) {
  const { client, effects } = useBillingContext('usePricingTable');
  const query = useQuery(productsQueryOptions(client));
  const products = useMemo(
    () => (query.data ? mergeProductDetails(query.data, productDetails) : null),
    [query.data, productDetails],
  );
  return {
    products,
    isLoading: query.isPending,
    error: (query.error as RequestError | null) ?? null,
    refetch: effects.refetchProducts,
  };
}
