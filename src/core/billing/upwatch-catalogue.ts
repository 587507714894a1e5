// Upwatch's billing catalogue, generated from the one plan table (src/core/plans.ts): prices,
// limits and feature flags are read from it, never restated here.
import {
  FEATURE_IDS,
  FEATURE_KEYS,
  FEATURE_LABELS,
  FRIENDS_REFERRAL,
  type Limit,
  MONITOR_PACK,
  PAGE_VIEW_PACK,
  PERFORMANCE_RUN_PACK,
  PLAN_LIST,
  PLANS,
  type Plan,
  type PlanId,
  UNLIMITED,
} from '../plans.ts';
import type { Catalogue, Feature, Included, Product, ProductItem, ReferralProgram } from './types.ts';

export const PLAN_GROUP = 'plans';
export const SERVER_OWNED_FEATURES = [
  'monitors',
  'performance_sites',
  'performance_runs',
  'rum_pageviews',
] as const;

/** Each interval tier is named after the plan whose minimum it is. */
export const MONITORING_TIERS = [
  { id: 'basic_monitoring', plan: 'free' },
  { id: 'standard_monitoring', plan: 'starter' },
  { id: 'fast_monitoring', plan: 'pro' },
] as const satisfies readonly { id: string; plan: PlanId }[];

function tierMinutes(plan: PlanId): number {
  return PLANS[plan].limits.minCheckIntervalMinutes;
}

const FEATURES: Feature[] = [
  ...MONITORING_TIERS.map(
    (tier): Feature => ({ id: tier.id, name: `${tierMinutes(tier.plan)}-minute checks`, type: 'boolean' }),
  ),
  {
    id: 'monitors',
    name: 'Monitors',
    type: 'continuous_use',
    display: { singular: 'Monitor', plural: 'Monitors' },
  },
  {
    id: 'performance_sites',
    name: 'Performance sites',
    type: 'continuous_use',
    display: { singular: 'Performance site', plural: 'Performance sites' },
  },
  {
    id: 'performance_runs',
    name: 'Performance runs',
    type: 'single_use',
    display: { singular: 'Performance run', plural: 'Performance runs' },
  },
  {
    // Real visitors' page views (issue 42): beyond SPEC.md's plan table, on purpose (README).
    id: 'rum_pageviews',
    name: 'Page views',
    type: 'single_use',
    display: { singular: 'Page view', plural: 'Page views' },
  },
  ...FEATURE_KEYS.map(
    (key): Feature => ({ id: FEATURE_IDS[key], name: FEATURE_LABELS[key], type: 'boolean' }),
  ),
];

function included(limit: Limit): Included {
  return limit === UNLIMITED ? 'inf' : limit;
}

function allocation(featureId: string, limit: Limit): ProductItem {
  // Allocations follow the real count across plan changes (BILLING.md's Upwatch rule 2).
  return {
    type: 'feature',
    feature_id: featureId,
    included_usage: included(limit),
    interval: null,
    reset_usage_when_enabled: false,
  };
}

function flag(featureId: string): ProductItem {
  return { type: 'feature', feature_id: featureId };
}

function monthly(featureId: string, included: number): ProductItem {
  return {
    type: 'feature',
    feature_id: featureId,
    included_usage: included,
    interval: 'month',
    reset_usage_when_enabled: true,
  };
}

function planItems(plan: Plan): ProductItem[] {
  const items: ProductItem[] = [];
  if (plan.monthlyPrice > 0) items.push({ type: 'price', price: plan.monthlyPrice, interval: 'month' });
  items.push(allocation('monitors', plan.limits.monitorsMax));
  items.push(allocation('performance_sites', plan.limits.perfSitesMax));
  items.push(monthly('performance_runs', plan.limits.performanceRunsPerMonth));
  items.push(monthly('rum_pageviews', plan.limits.rumPageViewsPerMonth));
  // A plan allows its own minimum interval and every slower one.
  for (const tier of MONITORING_TIERS) {
    if (tierMinutes(tier.plan) >= plan.limits.minCheckIntervalMinutes) items.push(flag(tier.id));
  }
  for (const key of FEATURE_KEYS) if (plan.features[key]) items.push(flag(FEATURE_IDS[key]));
  return items;
}

function planProduct(plan: Plan): Product {
  return {
    id: plan.id,
    name: plan.displayName,
    group: PLAN_GROUP,
    is_add_on: false,
    is_default: plan.id === 'free',
    version: 1,
    items: planItems(plan),
    free_trial: null,
  };
}

const MONITOR_PACK_PRODUCT: Product = {
  id: 'monitor_pack',
  name: 'Monitor pack',
  group: PLAN_GROUP,
  is_add_on: true,
  is_default: false,
  version: 1,
  items: [
    {
      type: 'priced_feature',
      feature_id: 'monitors',
      included_usage: 0,
      price: MONITOR_PACK.monthlyPrice,
      billing_units: MONITOR_PACK.monitors,
      usage_model: 'prepaid',
      interval: 'month',
      reset_usage_when_enabled: false,
    },
  ],
  free_trial: null,
};

/** A one-off prepaid top-up: its units outlive the monthly reset until they are used. */
function oneOffPack(id: string, name: string, featureId: string, units: number, price: number): Product {
  return {
    id,
    name,
    group: PLAN_GROUP,
    is_add_on: true,
    is_default: false,
    version: 1,
    items: [
      {
        type: 'priced_feature',
        feature_id: featureId,
        included_usage: 0,
        price,
        billing_units: units,
        usage_model: 'prepaid',
        interval: null,
      },
    ],
    free_trial: null,
  };
}

const PERFORMANCE_RUN_PACK_PRODUCT = oneOffPack(
  'performance_run_pack',
  'Performance run pack',
  'performance_runs',
  PERFORMANCE_RUN_PACK.runs,
  PERFORMANCE_RUN_PACK.price,
);

const PAGE_VIEW_PACK_PRODUCT = oneOffPack(
  'rum_pageview_pack',
  'Page view pack',
  'rum_pageviews',
  PAGE_VIEW_PACK.pageViews,
  PAGE_VIEW_PACK.price,
);

export const UPWATCH_CATALOGUE: Catalogue = {
  features: FEATURES,
  products: [
    ...PLAN_LIST.map(planProduct),
    MONITOR_PACK_PRODUCT,
    PERFORMANCE_RUN_PACK_PRODUCT,
    PAGE_VIEW_PACK_PRODUCT,
  ],
};

export const FRIENDS_PROGRAM: ReferralProgram = {
  id: 'friends',
  when: 'customer_creation',
  max_redemptions: null,
  redeemer_reward: {
    type: 'free_product',
    product_id: FRIENDS_REFERRAL.freePlan,
    duration_months: FRIENDS_REFERRAL.freeMonths,
  },
  referrer_reward: { type: 'invoice_credits', amount: FRIENDS_REFERRAL.referrerCredit },
};

export const REFERRAL_PROGRAMS: readonly ReferralProgram[] = [FRIENDS_PROGRAM];
