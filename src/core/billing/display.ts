// Item sort order and generated `display` texts (BILLING.md §3): the pricing card shows
// items[0] as its headline, so the order is part of the contract, not cosmetics.
import { formatCurrency } from '../plans.ts';
import { billingUnits, firstTierAmount, includedUsage } from './items.ts';
import type { Feature, ItemDisplay, Product, ProductItem, ResetInterval } from './types.ts';

const TYPE_RANK = { price: 0, priced_feature: 1, feature: 2 } as const;

const INTERVAL_NAMES: Record<ResetInterval, [string, string]> = {
  minute: ['minute', 'minutes'],
  hour: ['hour', 'hours'],
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  quarter: ['quarter', 'quarters'],
  semi_annual: ['half year', 'half years'],
  year: ['year', 'years'],
};

export function intervalText(interval: ResetInterval, count = 1): string {
  const [one, many] = INTERVAL_NAMES[interval];
  return count === 1 ? `per ${one}` : `per ${count} ${many}`;
}

function featureName(features: ReadonlyMap<string, Feature>, id: string | null | undefined): string {
  if (!id) return '';
  return features.get(id)?.name ?? id;
}

/** "1 Check" / "1,000 Checks": display names fall back to the feature's name. */
export function unitLabel(feature: Feature | undefined, count: number, fallback = ''): string {
  const singular = feature?.display?.singular ?? feature?.name ?? fallback;
  const plural = feature?.display?.plural ?? feature?.name ?? fallback;
  return count === 1 ? singular : plural;
}

/** Price items, then priced features, then features by name; stable within each kind. */
export function sortItems(items: readonly ProductItem[], features: readonly Feature[]): ProductItem[] {
  const byId = new Map(features.map((feature) => [feature.id, feature]));
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const rank = TYPE_RANK[a.item.type] - TYPE_RANK[b.item.type];
      if (rank !== 0) return rank;
      if (a.item.type === 'feature') {
        const byName = featureName(byId, a.item.feature_id).localeCompare(
          featureName(byId, b.item.feature_id),
        );
        if (byName !== 0) return byName;
      }
      return a.index - b.index;
    })
    .map(({ item }) => item);
}

function priceText(item: ProductItem): string {
  const tiers = item.tiers ?? [];
  const last = tiers[tiers.length - 1];
  if (item.price == null && tiers.length > 1 && last) {
    return `${formatCurrency(firstTierAmount(item))} - ${formatCurrency(last.amount)}`;
  }
  return formatCurrency(firstTierAmount(item));
}

function countText(feature: Feature | undefined, count: number | 'inf', fallback: string): string {
  if (count === 'inf') return `Unlimited ${unitLabel(feature, 2, fallback)}`;
  return `${count.toLocaleString('en-US')} ${unitLabel(feature, count, fallback)}`;
}

/** `isMain`: the item is the card's headline price, so its billing interval is appended. */
export function itemDisplay(item: ProductItem, feature: Feature | undefined, isMain: boolean): ItemDisplay {
  const fallback = item.feature_id ?? '';
  const period = item.interval ? intervalText(item.interval, item.interval_count ?? 1) : undefined;
  if (item.type === 'price') {
    return period
      ? { primary_text: priceText(item), secondary_text: period }
      : { primary_text: priceText(item) };
  }
  if (item.type === 'feature') {
    if (feature?.type === 'boolean') return { primary_text: feature.name };
    const primary = countText(feature, includedUsage(item), fallback);
    // A resetting grant says how often it refills; a standing allocation (monitors) does not.
    return period && feature?.type !== 'continuous_use'
      ? { primary_text: primary, secondary_text: period }
      : { primary_text: primary };
  }
  const units = billingUnits(item);
  const per =
    units === 1 ? `per ${unitLabel(feature, 1, fallback)}` : `per ${countText(feature, units, fallback)}`;
  const cost = `${priceText(item)} ${per}`;
  const included = includedUsage(item);
  if (included === 'inf' || included > 0) {
    const then = `then ${cost}`;
    return {
      primary_text: countText(feature, included, fallback),
      secondary_text: isMain && period ? `${then} ${period}` : then,
    };
  }
  return isMain && period ? { primary_text: cost, secondary_text: period } : { primary_text: cost };
}

/** The product as the pricing table sends it: items sorted, each with its display. */
export function withDisplay(product: Product, features: readonly Feature[]): Product {
  const byId = new Map(features.map((feature) => [feature.id, feature]));
  const items = sortItems(product.items, features).map((item, index) => ({
    ...item,
    display: itemDisplay(item, item.feature_id ? byId.get(item.feature_id) : undefined, index === 0),
  }));
  return { ...product, items };
}
