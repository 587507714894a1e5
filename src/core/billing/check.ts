// BILLING.md §7 check (feature and product): which balance answers and whether it allows the
// request. The server passes the customer's live entitlements (active products only).
import type { Entitlement } from './balances.ts';
import type { CreditSystemLink } from './track.ts';
import type { CustomerProduct, FeatureType } from './types.ts';

export interface FeatureCheck {
  allowed: boolean;
  /** The feature whose balance answered: a credit system's id when one did. */
  feature_id: string;
  required_balance: number;
  balance: number | null;
  unlimited: boolean;
  /** What `send_event` should track when allowed: the requested feature and units. */
  event: { feature_id: string; value: number } | null;
}

function sum(list: readonly Entitlement[], entityId: string | null | undefined): number {
  return list.reduce((total, e) => {
    if (e.entity_feature_id && e.entities) {
      const slots = entityId ? [e.entities[entityId]] : Object.values(e.entities);
      return total + slots.reduce((s, slot) => s + (slot?.balance ?? 0), 0);
    }
    return total + e.balance + e.rollovers.reduce((s, r) => s + r.balance, 0);
  }, 0);
}

function holds(list: readonly Entitlement[], entityId: string | null | undefined): boolean {
  return list.some((e) => e.unlimited) || sum(list, entityId) > 0;
}

export function checkFeature(args: {
  featureId: string;
  featureType: FeatureType;
  entitlements: readonly Entitlement[];
  creditSystems?: readonly CreditSystemLink[];
  requiredBalance?: number;
  entityId?: string | null;
  sendEvent?: boolean;
}): FeatureCheck {
  const requested = args.requiredBalance ?? 1;
  const own = args.entitlements.filter((e) => e.feature_id === args.featureId);
  const event = (allowed: boolean) =>
    allowed && args.sendEvent ? { feature_id: args.featureId, value: requested } : null;
  if (args.featureType === 'boolean') {
    const allowed = own.length > 0;
    return {
      allowed,
      feature_id: args.featureId,
      required_balance: requested,
      balance: null,
      unlimited: false,
      event: event(allowed),
    };
  }
  // A credit system answers whenever the customer holds any of it, even beside an own balance.
  const credit = (args.creditSystems ?? [])
    .map((link) => ({ link, list: args.entitlements.filter((e) => e.feature_id === link.feature_id) }))
    .find(({ list }) => holds(list, args.entityId));
  const featureId = credit ? credit.link.feature_id : args.featureId;
  const list = credit ? credit.list : own;
  const required = credit ? requested * credit.link.credit_cost : requested;
  if (list.length === 0) {
    return {
      allowed: false,
      feature_id: featureId,
      required_balance: required,
      balance: null,
      unlimited: false,
      event: null,
    };
  }
  const unlimited = list.some((e) => e.unlimited);
  const balance = sum(list, args.entityId);
  const headroom = list.reduce(
    (s, e) => s + (e.overage_allowed && e.usage_limit != null ? e.usage_limit - e.included_usage : 0),
    0,
  );
  const allowed =
    unlimited ||
    list.some((e) => e.overage_allowed && e.usage_limit == null) ||
    required < 0 ||
    balance + headroom >= required;
  return {
    allowed,
    feature_id: featureId,
    required_balance: required,
    balance: unlimited ? null : balance,
    unlimited,
    event: event(allowed),
  };
}

export interface ProductCheck {
  allowed: boolean;
  status: 'active' | 'trialing' | 'canceled' | 'scheduled' | 'past_due' | 'expired' | null;
}

/** Allowed while active or past_due; the reported status says "canceled" once cancelling. */
export function checkProduct(product: CustomerProduct | undefined, now: number): ProductCheck {
  if (!product) return { allowed: false, status: null };
  const live = product.status === 'active' || product.status === 'past_due' || product.status === 'trialing';
  if (product.canceled_at != null && live) return { allowed: true, status: 'canceled' };
  if (product.trial_ends_at != null && product.trial_ends_at > now && live)
    return { allowed: true, status: 'trialing' };
  return { allowed: live, status: product.status };
}
