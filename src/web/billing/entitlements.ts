// Pure rules for what the cached customer says (SPEC.md §4–§6): loading, no-data fallback,
// client-side checks, remaining counts. The hooks only wire these to React state.
import { allowed } from '../../core/billing/client-check';
import { type Limit, UNLIMITED, UNLIMITED_REMAINING } from '../../core/plans';
import type { Customer, CustomerFeature } from './api-types';

/** SPEC.md §6: without entitlement data only these count as present, so the app stays usable. */
export const BASIC_FEATURES: ReadonlySet<string> = new Set([
  'basic_monitoring',
  'monitors',
  'ssl_monitoring',
  'public_status_pages',
]);

/**
 * `loading`: the customer is still being fetched. `no_data`: loaded, but billing could not say
 * (an error, or no customer). `ready`: a customer is in hand (real, or the dev mock).
 */
export type EntitlementStatus = 'loading' | 'no_data' | 'ready';

export interface Entitlements {
  status: EntitlementStatus;
  customer: Customer | null;
}

/** The customer's features as a map, whichever shape they arrived in. */
export function featureMap(
  features: Customer['features'] | null | undefined,
): Record<string, CustomerFeature> {
  if (!features) return {};
  if (!Array.isArray(features)) return features;
  return Object.fromEntries(features.map((feature) => [feature.id, feature]));
}

export function featureOf(state: Entitlements, featureId: string): CustomerFeature | null {
  return state.status === 'ready' ? (featureMap(state.customer?.features)[featureId] ?? null) : null;
}

/** Does the customer have the feature at all: false while loading, the basics without data. */
export function hasFeature(state: Entitlements, featureId: string): boolean {
  if (state.status === 'loading') return false;
  if (state.status === 'no_data') return BASIC_FEATURES.has(featureId);
  return featureId in featureMap(state.customer?.features);
}

/** The client-side `check` (SPEC.md §5) with §4's loading rule and §6's no-data fallback. */
export function checkAllowed(
  state: Entitlements,
  params: { featureId?: string; productId?: string; requiredBalance?: number },
): boolean {
  if (!params.featureId && !params.productId) {
    throw new Error('allowed() requires either featureId or productId');
  }
  if (state.status === 'loading') return false;
  if (state.status === 'no_data') return params.featureId ? BASIC_FEATURES.has(params.featureId) : false;
  const customer = state.customer;
  if (!customer) return false;
  return allowed({ features: featureMap(customer.features), products: customer.products }, params);
}

/** A feature's usage so far: null while loading or when billing has no figure for it. */
export function usageOf(state: Entitlements, featureId: string): number | null {
  return featureOf(state, featureId)?.usage ?? null;
}

/** SPEC.md §9: what is left; 999999 when unlimited; null with no data. */
export function remainingOf(state: Entitlements, featureId: string): number | null {
  const feature = featureOf(state, featureId);
  if (!feature) return null;
  if (feature.unlimited) return UNLIMITED_REMAINING;
  return Math.max(0, feature.balance ?? 0);
}

/** The customer's real limit (add-on packs included), or `fallback` (the plan's) without data. */
export function limitOf(state: Entitlements, featureId: string, fallback: Limit): Limit {
  const feature = featureOf(state, featureId);
  if (!feature) return fallback;
  if (feature.unlimited) return UNLIMITED;
  return feature.included_usage;
}
