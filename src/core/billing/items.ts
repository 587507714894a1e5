// What a product item is and costs. Every rule that asks "is this a price, is it prepaid, is it
// one-off, what does it cost" asks here, so the planner and the displays cannot disagree.
import type { Included, PriceTier, ProductItem, UsageModel } from './types.ts';

export function hasPrice(item: ProductItem): boolean {
  return item.type === 'price' || item.type === 'priced_feature';
}

/** A priced feature without a stated model bills in arrears, as the hosted API assumes. */
export function usageModel(item: ProductItem): UsageModel | null {
  if (item.type !== 'priced_feature') return null;
  return item.usage_model ?? 'pay_per_use';
}

export function isPrepaid(item: ProductItem): boolean {
  return usageModel(item) === 'prepaid';
}

export function isPayPerUse(item: ProductItem): boolean {
  return usageModel(item) === 'pay_per_use';
}

export function isOneOffPrice(item: ProductItem): boolean {
  return hasPrice(item) && !item.interval;
}

export function billingUnits(item: ProductItem): number {
  return item.billing_units && item.billing_units > 0 ? item.billing_units : 1;
}

export function includedUsage(item: ProductItem): Included {
  return item.included_usage ?? 0;
}

/** The amount of a fixed price, or of a usage price's first tier (§5 "total"). */
export function firstTierAmount(item: ProductItem): number {
  if (item.price != null) return item.price;
  return item.tiers?.[0]?.amount ?? 0;
}

/** Every amount an item can charge, tiers included: `is_free` needs all of them to be 0. */
export function allAmounts(item: ProductItem): number[] {
  if (!hasPrice(item)) return [];
  return [item.price ?? 0, ...(item.tiers ?? []).map((tier) => tier.amount)];
}

/** Graduated tiers: each pack is priced by the tier it falls in. */
export function tieredAmount(tiers: readonly PriceTier[], packs: number): number {
  let total = 0;
  let from = 0;
  for (const tier of tiers) {
    if (from >= packs) break;
    const upTo = tier.to === 'inf' ? packs : Math.min(packs, tier.to);
    total += Math.max(0, upTo - from) * tier.amount;
    from = upTo;
  }
  return total;
}

/** Packs bought for a prepaid quantity in feature units (BILLING.md §4). */
export function packsFor(item: ProductItem, quantity: number): number {
  return Math.max(0, Math.ceil(quantity / billingUnits(item)));
}

/** What `packs` packs of a prepaid item cost per period. */
export function prepaidAmount(item: ProductItem, packs: number): number {
  if (item.tiers?.length) return tieredAmount(item.tiers, packs);
  return (item.price ?? 0) * packs;
}

/** Pay-per-use overage is billed per started block of `billing_units`. */
export function overageAmount(item: ProductItem, usage: number): number {
  const included = includedUsage(item);
  if (included === 'inf') return 0;
  const packs = Math.ceil(Math.max(0, usage - included) / billingUnits(item));
  if (item.tiers?.length) return tieredAmount(item.tiers, packs);
  return (item.price ?? 0) * packs;
}
