// BILLING.md §7: what an entitlement starts with and when it next resets. An entitlement is
// the stored balance one product item grants a customer.
import { nextBoundary } from './intervals.ts';
import { billingUnits, includedUsage, isPayPerUse, isPrepaid, packsFor } from './items.ts';
import type { ProductItem, ProductOption, ResetInterval, RolloverConfig } from './types.ts';

export interface Rollover {
  balance: number;
  expires_at: number | null;
}

export interface Entitlement {
  id: string;
  feature_id: string;
  customer_product_id: string | null;
  is_add_on: boolean;
  created_at: number;
  unlimited: boolean;
  /** Pay-per-use: the balance may go below 0, down to included − usage_limit. */
  overage_allowed: boolean;
  included_usage: number;
  usage_limit: number | null;
  starting_balance: number;
  balance: number;
  /** Manual grants since the last reset; `usage` = starting + adjustment − balance. */
  adjustment: number;
  interval: ResetInterval | null;
  interval_count: number;
  next_reset_at: number | null;
  rollovers: Rollover[];
  rollover_config: RolloverConfig | null;
  /** Per-entity balances when the item is linked to an entity feature (e.g. per seat). */
  entity_feature_id: string | null;
  entities: Record<string, { balance: number }> | null;
}

/** Prepaid: included + packs × billing_units; otherwise included × product quantity; unlimited: null. */
export function startingBalance(
  item: ProductItem,
  options: readonly ProductOption[] = [],
  productQuantity = 1,
): number | null {
  const included = includedUsage(item);
  if (included === 'inf') return null;
  if (isPrepaid(item)) {
    const option = options.find((row) => row.feature_id === item.feature_id);
    const packs = option ? packsFor(item, option.quantity) : 1;
    return included + packs * billingUnits(item);
  }
  return included * productQuantity;
}

/**
 * One reset interval after `now` on the billing anchor (the trial end during a trial); null for
 * booleans, unlimited and lifetime grants, which never reset.
 */
export function nextResetAt(
  item: ProductItem,
  isBoolean: boolean,
  anchor: number,
  now: number,
): number | null {
  if (isBoolean || includedUsage(item) === 'inf' || !item.interval) return null;
  return nextBoundary(anchor, item.interval, item.interval_count ?? 1, Math.max(now, anchor - 1));
}

/** A fresh entitlement for one item of a newly activated product. */
export function grantEntitlement(args: {
  id: string;
  item: ProductItem;
  isBoolean: boolean;
  customerProductId: string | null;
  isAddOn: boolean;
  options?: readonly ProductOption[];
  anchor: number;
  now: number;
}): Entitlement {
  const { item } = args;
  const start = startingBalance(item, args.options);
  return {
    id: args.id,
    feature_id: item.feature_id ?? '',
    customer_product_id: args.customerProductId,
    is_add_on: args.isAddOn,
    created_at: args.now,
    unlimited: start === null,
    overage_allowed: isPayPerUse(item),
    included_usage: start ?? 0,
    usage_limit: item.usage_limit ?? null,
    starting_balance: start ?? 0,
    balance: start ?? 0,
    adjustment: 0,
    interval: item.interval ?? null,
    interval_count: item.interval_count ?? 1,
    next_reset_at: nextResetAt(item, args.isBoolean, args.anchor, args.now),
    rollovers: [],
    rollover_config: item.config?.rollover ?? null,
    entity_feature_id: item.entity_feature_id ?? null,
    entities: null,
  };
}
