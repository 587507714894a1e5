// BILLING.md §7 check step 6 (`with_preview`) and §10 PaywallDialog: when a feature check is
// not allowed, which products would unlock it and what the paywall says about them.
import type { Entitlement } from './balances.ts';
import { creditSystemsFor, findFeature, presentProduct } from './catalogue.ts';
import { isOneOff } from './properties.ts';
import { comparableTotal, isUpgrade, type Scenario, scenarioFor } from './scenario.ts';
import type { Catalogue, CustomerProduct, Product, ProductProperties } from './types.ts';

export type PaywallScenario = 'usage_limit' | 'feature_flag';

export type PaywallProduct = Product & { properties: ProductProperties; scenario: Scenario };

export interface PaywallPreview {
  scenario: PaywallScenario;
  title: string;
  message: string;
  feature_id: string;
  feature_name: string;
  products: PaywallProduct[];
  upgrade_product_id: string | null;
}

const LIVE_STATUSES = new Set(['active', 'past_due', 'trialing']);

/** The feature and every credit system that prices it: holding either unlocks the feature. */
function unlockingFeatures(catalogue: Catalogue, featureId: string): Set<string> {
  return new Set([featureId, ...creditSystemsFor(catalogue, featureId).map((c) => c.feature.id)]);
}

function unlocks(product: Product, featureIds: ReadonlySet<string>): boolean {
  return product.items.some((item) => item.feature_id != null && featureIds.has(item.feature_id));
}

/** The customer's most valuable live main product: nothing else they hold is an upgrade over it. */
function bestMain(live: readonly CustomerProduct[]): CustomerProduct | undefined {
  return live
    .filter((product) => !product.is_add_on)
    .reduce<CustomerProduct | undefined>(
      (best, product) => (!best || isUpgrade(best, product) ? product : best),
      undefined,
    );
}

/** A trial is offered once per customer (§9): a used one is reported as not available. */
function withoutUsedTrial(product: Product, trialsUsed: readonly string[]): Product {
  if (!product.free_trial || !trialsUsed.includes(product.id)) return product;
  return { ...product, free_trial: { ...product.free_trial, trial_available: false } };
}

/** Products that would unlock the feature, cheapest first (§7 step 6). */
export function paywallProducts(args: {
  catalogue: Catalogue;
  featureId: string;
  customerProducts: readonly CustomerProduct[];
  entityId?: string | null;
  /** Products whose trial this customer (or fingerprint) has already used. */
  trialsUsed?: readonly string[];
}): PaywallProduct[] {
  const featureIds = unlockingFeatures(args.catalogue, args.featureId);
  const live = args.customerProducts.filter(
    (p) => LIVE_STATUSES.has(p.status) && (p.entity_id ?? null) === (args.entityId ?? null),
  );
  const owned = new Set(live.map((p) => p.id));
  const best = bestMain(live);
  const fits = (product: Product) =>
    product.is_add_on
      ? isOneOff(product) || !owned.has(product.id)
      : !owned.has(product.id) && (!best || isUpgrade(best, product));
  return args.catalogue.products
    .filter((product) => unlocks(product, featureIds) && fits(product))
    .sort((a, b) => comparableTotal(a) - comparableTotal(b))
    .map((product) => ({
      ...presentProduct(args.catalogue, withoutUsedTrial(product, args.trialsUsed ?? [])),
      scenario: scenarioFor(args.customerProducts, product, args.entityId),
    }));
}

/** §10 PaywallDialog: the title names the first product, the message says why and what to do. */
export function paywallText(
  scenario: PaywallScenario,
  featureName: string,
  next: PaywallProduct | undefined,
): { title: string; message: string } {
  const reason =
    scenario === 'usage_limit'
      ? `You have reached the usage limit for ${featureName}.`
      : `${featureName} is not available on your current plan.`;
  if (!next) return { title: 'Feature Unavailable', message: reason };
  const use = scenario === 'usage_limit' ? 'keep using' : 'use';
  if (next.properties.has_trial) {
    return {
      title: `Start trial for ${next.name}`,
      message: `${reason} Start a free trial of ${next.name} to ${use} ${featureName}.`,
    };
  }
  const title = next.is_add_on ? `Purchase ${next.name}` : `Upgrade to ${next.name}`;
  return { title, message: `${reason} ${title} to ${use} ${featureName}.` };
}

/**
 * The `preview` of a check that was not allowed. `usage_limit` when the customer holds any
 * balance for the feature (or a credit system pricing it), else `feature_flag`.
 */
export function paywallPreview(args: {
  catalogue: Catalogue;
  featureId: string;
  customerProducts: readonly CustomerProduct[];
  entitlements: readonly Entitlement[];
  entityId?: string | null;
  trialsUsed?: readonly string[];
}): PaywallPreview {
  const featureIds = unlockingFeatures(args.catalogue, args.featureId);
  const scenario: PaywallScenario = args.entitlements.some((e) => featureIds.has(e.feature_id))
    ? 'usage_limit'
    : 'feature_flag';
  const featureName = findFeature(args.catalogue, args.featureId)?.name ?? args.featureId;
  const products = paywallProducts(args);
  const next = products[0];
  return {
    scenario,
    ...paywallText(scenario, featureName, next),
    feature_id: args.featureId,
    feature_name: featureName,
    products,
    upgrade_product_id: next?.id ?? null,
  };
}
