// SPEC.md §5 / BILLING.md §7 client-side check: answered from the cached customer with no
// request, so the web client can gate buttons instantly.

export interface CachedFeature {
  type?: 'static' | 'single_use' | 'continuous_use' | string;
  unlimited?: boolean;
  overage_allowed?: boolean;
  balance?: number | null;
  included_usage?: number | 'inf' | null;
  usage_limit?: number | null;
  credit_schema?: { feature_id: string; credit_amount: number }[];
}

export interface CachedCustomer {
  features: Record<string, CachedFeature> | (CachedFeature & { id: string })[];
  products: { id: string; status?: string | null }[];
}

function featureMap(customer: CachedCustomer): Record<string, CachedFeature> {
  if (!Array.isArray(customer.features)) return customer.features;
  return Object.fromEntries(customer.features.map((f) => [f.id, f]));
}

function enough(feature: CachedFeature, required: number): boolean {
  if (feature.type === 'static' || feature.unlimited || feature.overage_allowed) return true;
  const balance = feature.balance ?? 0;
  const included = typeof feature.included_usage === 'number' ? feature.included_usage : 0;
  const headroom = feature.usage_limit != null ? feature.usage_limit - included : 0;
  return balance + headroom >= required;
}

export function allowed(
  customer: CachedCustomer | null | undefined,
  params: { featureId?: string; productId?: string; requiredBalance?: number },
): boolean {
  if (!params.featureId && !params.productId) {
    throw new Error('allowed() requires either featureId or productId');
  }
  if (!customer) return false;
  if (params.productId) {
    const product = customer.products.find((p) => p.id === params.productId);
    return product?.status === 'active' || product?.status === 'past_due' || product?.status === 'trialing';
  }
  const features = featureMap(customer);
  const required = params.requiredBalance ?? 1;
  const own = features[params.featureId as string];
  if (
    own &&
    (own.type === 'static' || own.unlimited || own.overage_allowed || (own.balance ?? null) !== null)
  ) {
    if (enough(own, required)) return true;
  }
  // No own balance (or not enough): a credit system whose schema prices the feature.
  for (const credit of Object.values(features)) {
    const entry = credit.credit_schema?.find((row) => row.feature_id === params.featureId);
    if (entry && enough(credit, entry.credit_amount * required)) return true;
  }
  return false;
}
