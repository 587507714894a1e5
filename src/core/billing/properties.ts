// Product `properties` (BILLING.md §3) and the price facts the scenario rules compare.
import { intervalMonths, isBillingInterval } from './intervals.ts';
import { allAmounts, hasPrice, isOneOffPrice, isPrepaid } from './items.ts';
import type { BillingInterval, FreeTrial, ProductItem, ProductProperties } from './types.ts';

interface Priced {
  items: readonly ProductItem[];
}

function prices(product: Priced): ProductItem[] {
  return product.items.filter(hasPrice);
}

/** All amounts, tiers included, sum to 0 — or there is no price at all. */
export function isFree(product: Priced): boolean {
  return prices(product).every((item) => allAmounts(item).reduce((sum, amount) => sum + amount, 0) === 0);
}

/** Every price is one-off and at least one of them charges something. */
export function isOneOff(product: Priced): boolean {
  const list = prices(product);
  return (
    list.length > 0 && list.every(isOneOffPrice) && list.some((item) => allAmounts(item).some((a) => a > 0))
  );
}

/** The longest recurring billing interval, with its count. */
export function largestInterval(product: Priced): { interval: BillingInterval; count: number } | null {
  let best: { interval: BillingInterval; count: number } | null = null;
  for (const item of prices(product)) {
    if (!isBillingInterval(item.interval)) continue;
    const count = item.interval_count ?? 1;
    if (!best || intervalMonths(item.interval, count) > intervalMonths(best.interval, best.count)) {
      best = { interval: item.interval, count };
    }
  }
  return best;
}

export function isUpdateable(product: Priced): boolean {
  return product.items.some((item) => isPrepaid(item) && !isOneOffPrice(item));
}

export function productProperties(product: {
  items: readonly ProductItem[];
  free_trial: FreeTrial | null;
}): ProductProperties {
  return {
    is_free: isFree(product),
    is_one_off: isOneOff(product),
    interval_group: largestInterval(product)?.interval ?? null,
    has_trial: product.free_trial != null && product.free_trial.trial_available !== false,
    updateable: isUpdateable(product),
  };
}
