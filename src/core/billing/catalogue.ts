// Look-ups over an injected catalogue: the engine never reaches for Upwatch's own, so tests and
// the contract suite can hand it any catalogue.
import { withDisplay } from './display.ts';
import { BillingError } from './errors.ts';
import { productProperties } from './properties.ts';
import type { Catalogue, Feature, Product, ProductProperties } from './types.ts';

export function findProduct(catalogue: Catalogue, id: string): Product | undefined {
  return catalogue.products.find((product) => product.id === id);
}

/** The product, or a 404 `product_not_found`. */
export function getProduct(catalogue: Catalogue, id: string | undefined): Product {
  const product = id ? findProduct(catalogue, id) : undefined;
  if (!product) throw new BillingError(404, 'product_not_found', `Product ${id ?? '(none)'} not found`);
  return product;
}

export function findFeature(catalogue: Catalogue, id: string): Feature | undefined {
  return catalogue.features.find((feature) => feature.id === id);
}

/** Credit systems whose schema prices `featureId`, with its cost in credits. */
export function creditSystemsFor(
  catalogue: Catalogue,
  featureId: string,
): { feature: Feature; credit_cost: number }[] {
  return catalogue.features.flatMap((feature) => {
    const entry = feature.credit_schema?.find((row) => row.metered_feature_id === featureId);
    return feature.type === 'credit_system' && entry ? [{ feature, credit_cost: entry.credit_cost }] : [];
  });
}

/** The product as `/products` sends it, before the per-customer scenario is added. */
export function presentProduct(
  catalogue: Catalogue,
  product: Product,
): Product & { properties: ProductProperties } {
  return { ...withDisplay(product, catalogue.features), properties: productProperties(product) };
}
