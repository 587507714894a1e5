// CheckoutResult lines (BILLING.md §6 "Preview lines"): what a product costs today, and what the
// unused part of a current product is worth, each to the cent.
import { unitLabel } from './display.ts';
import {
  billingUnits,
  firstTierAmount,
  hasPrice,
  isOneOffPrice,
  isPayPerUse,
  isPrepaid,
  overageAmount,
  packsFor,
  prepaidAmount,
} from './items.ts';
import { prorate, roundCents, sumCents } from './money.ts';
import type { Feature, ProductItem, ProductOption } from './types.ts';

export interface PreviewLine {
  description: string;
  amount: number;
  item: ProductItem | null;
}

export interface Priceable {
  name: string;
  items: readonly ProductItem[];
}

export interface Period {
  start: number;
  end: number;
}

function isoDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Prepaid quantity in feature units for an item: the option, else one pack (§6). */
export function quantityFor(item: ProductItem, options: readonly ProductOption[] | undefined): number {
  const option = options?.find((row) => row.feature_id === item.feature_id);
  return option ? packsFor(item, option.quantity) * billingUnits(item) : billingUnits(item);
}

/** Options echoed back in feature units, one per prepaid item. */
export function normalisedOptions(
  items: readonly ProductItem[],
  options?: readonly ProductOption[],
): ProductOption[] {
  return items
    .filter((item) => isPrepaid(item) && item.feature_id)
    .map((item) => ({ feature_id: item.feature_id as string, quantity: quantityFor(item, options) }));
}

/** The full charge of one priced item for one period; pay-per-use is billed later, so 0. */
export function itemAmount(item: ProductItem, options?: readonly ProductOption[]): number {
  if (item.type === 'price') return firstTierAmount(item);
  if (isPrepaid(item)) return prepaidAmount(item, packsFor(item, quantityFor(item, options)));
  return 0;
}

function describe(
  product: Priceable,
  item: ProductItem,
  feature: Feature | undefined,
  options?: readonly ProductOption[],
): string {
  if (item.type === 'price') return product.name;
  const fallback = item.feature_id ?? '';
  if (isPrepaid(item)) {
    const units = quantityFor(item, options);
    return `${product.name} - ${units.toLocaleString('en-US')} ${unitLabel(feature, units, fallback)}`;
  }
  const units = billingUnits(item);
  const per =
    units === 1 ? unitLabel(feature, 1, fallback) : `${units} ${unitLabel(feature, units, fallback)}`;
  const cost = `$${firstTierAmount(item)} per ${per}`;
  return `${product.name} - ${cost}`;
}

type FeatureLookup = (id: string | null | undefined) => Feature | undefined;

/** A new product at full price (0 under a trial); pay-per-use items appear as text at 0. */
export function newProductLines(
  product: Priceable,
  options: readonly ProductOption[] | undefined,
  feature: FeatureLookup,
  trial: boolean,
): PreviewLine[] {
  return product.items.filter(hasPrice).map((item) => ({
    description: describe(product, item, feature(item.feature_id), options),
    amount: trial ? 0 : roundCents(itemAmount(item, options)),
    item,
  }));
}

/** Recurring fixed and prepaid charges, prorated to what is left of `period`. */
export function proratedLines(
  product: Priceable,
  options: readonly ProductOption[] | undefined,
  feature: FeatureLookup,
  period: Period,
  now: number,
  sign: 1 | -1,
): PreviewLine[] {
  const label = sign < 0 ? 'Unused' : 'Remaining';
  return product.items
    .filter((item) => hasPrice(item) && !isOneOffPrice(item) && !isPayPerUse(item))
    .map((item) => ({
      description: `${label} ${describe(product, item, feature(item.feature_id), options)} (from ${isoDay(now)})`,
      amount: sign * prorate(itemAmount(item, options), period.start, period.end, now),
      item,
    }));
}

/** Pay-per-use overage accrued so far on a product being replaced. */
export function overageLines(
  product: Priceable,
  usage: Record<string, number> | undefined,
  feature: FeatureLookup,
): PreviewLine[] {
  return product.items
    .filter((item) => isPayPerUse(item) && item.feature_id && usage?.[item.feature_id] !== undefined)
    .map((item) => ({
      description: `${describe(product, item, feature(item.feature_id))} overage`,
      amount: roundCents(overageAmount(item, usage?.[item.feature_id as string] ?? 0)),
      item,
    }));
}

function itemKey(line: PreviewLine): string {
  return line.item?.feature_id ?? `price:${line.item?.interval ?? ''}`;
}

/** Drops lines of 0 and old/new pairs that cancel out (§6). */
export function dropCancelling(lines: readonly PreviewLine[]): PreviewLine[] {
  const kept = lines.filter((line) => line.amount !== 0);
  const dropped = new Set<number>();
  kept.forEach((line, i) => {
    if (dropped.has(i) || line.amount >= 0) return;
    const pair = kept.findIndex(
      (other, j) =>
        !dropped.has(j) && j !== i && other.amount === -line.amount && itemKey(other) === itemKey(line),
    );
    if (pair >= 0) dropped.add(i).add(pair);
  });
  return kept.filter((_, i) => !dropped.has(i));
}

export function totalOf(lines: readonly PreviewLine[]): number {
  return sumCents(lines.map((line) => line.amount));
}

/** The full recurring price of a product for its next period, excluding pay-per-use (§6). */
export function recurringTotal(product: Priceable, options?: readonly ProductOption[]): number {
  return roundCents(
    product.items
      .filter((item) => hasPrice(item) && !isOneOffPrice(item))
      .reduce((sum, item) => sum + itemAmount(item, options), 0),
  );
}
