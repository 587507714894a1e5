// BILLING.md §10 PricingTable data: the catalogue's order, and per-plan display overrides.
import { comparableTotal } from '../../core/billing/scenario';
import type { BillingProduct, ProductDisplay } from './api-types';

export interface ProductItemOverride {
  /** Replace this feature's line; omitted for a free-text line. */
  featureId?: string;
  primaryText?: string;
  secondaryText?: string;
}

/** SPEC.md §2 per-plan display texts; `id` names the product they apply to. */
export interface ProductDetails {
  id: string;
  name?: string;
  description?: string;
  buttonText?: string;
  recommendText?: string;
  everythingFrom?: string;
  /** Where the button goes when there is no customer (signed-out visitors → sign up). */
  buttonUrl?: string;
  price?: { primaryText: string; secondaryText?: string };
  items?: ProductItemOverride[];
}

export type PricingTableProduct = BillingProduct & { display: ProductDisplay };

/** Sorted by group, then main products before add-ons, then ascending price. */
export function sortProducts(products: readonly BillingProduct[]): BillingProduct[] {
  return [...products].sort(
    (a, b) =>
      a.group.localeCompare(b.group) ||
      Number(a.is_add_on) - Number(b.is_add_on) ||
      comparableTotal(a) - comparableTotal(b),
  );
}

function overrideItems(product: BillingProduct, details: ProductDetails): BillingProduct['items'] {
  const items = details.items
    ? details.items.flatMap((item) => {
        const display = { primary_text: item.primaryText ?? '', secondary_text: item.secondaryText };
        if (!item.featureId) return [{ type: 'feature' as const, display }];
        const found = product.items.find((candidate) => candidate.feature_id === item.featureId);
        if (!found) {
          console.error(`Feature with id ${item.featureId} not found for product ${product.id}`);
          return [];
        }
        return [
          {
            ...found,
            display: {
              primary_text: item.primaryText ?? found.display?.primary_text ?? '',
              secondary_text: item.secondaryText ?? found.display?.secondary_text,
            },
          },
        ];
      })
    : product.items;
  if (!details.price) return items;
  const price = {
    type: 'price' as const,
    display: { primary_text: details.price.primaryText, secondary_text: details.price.secondaryText },
  };
  // items[0] is the card's headline price (BILLING.md §3).
  return [price, ...items.filter((item) => item.type !== 'price')];
}

/**
 * The products to show: all of them in catalogue order without details; with details, those
 * named, in the details' order, with their texts applied.
 */
export function mergeProductDetails(
  products: readonly BillingProduct[],
  productDetails?: readonly ProductDetails[],
): PricingTableProduct[] {
  if (!productDetails) {
    return sortProducts(products).map((product) => ({ ...product, display: product.display ?? {} }));
  }
  return productDetails.flatMap((details) => {
    const product = products.find((candidate) => candidate.id === details.id);
    if (!product) return [];
    return [
      {
        ...product,
        items: overrideItems(product, details),
        display: {
          ...product.display,
          name: details.name ?? product.display?.name ?? product.name,
          description: details.description ?? product.display?.description,
          button_text: details.buttonText ?? product.display?.button_text,
          recommend_text: details.recommendText ?? product.display?.recommend_text,
          everything_from: details.everythingFrom ?? product.display?.everything_from,
          button_url: details.buttonUrl ?? product.display?.button_url,
        },
      },
    ];
  });
}
