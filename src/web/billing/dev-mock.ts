// SPEC.md §4/§9 dev mode: with VITE_BILLING_DEV_MOCK=true in a development build and no loaded
// customer, the app behaves as on Starter (monitors 25, performance sites 15). Never in a
// production build: `import.meta.env.DEV` is replaced by `false` there, so this code is dropped.
import type { CustomerFeature } from '../../core/billing/aggregate';
import { MONITORING_TIERS } from '../../core/billing/upwatch-catalogue';
import { FEATURE_IDS, FEATURE_KEYS, type Limit, PLAN_IDS, PLANS, type PlanId } from '../../core/plans';
import type { Customer } from './api-types';

export function devMockEnabled(): boolean {
  if (!import.meta.env.DEV) return false;
  return import.meta.env.VITE_BILLING_DEV_MOCK === 'true';
}

function meteredFeature(id: string, name: string, limit: Limit, used = 0): CustomerFeature {
  const unlimited = typeof limit !== 'number';
  return {
    id,
    name,
    type: 'continuous_use',
    unlimited,
    balance: unlimited ? null : limit - used,
    usage: used,
    included_usage: unlimited ? 0 : limit,
    interval: 'lifetime',
    interval_count: 1,
    next_reset_at: null,
    overage_allowed: false,
  };
}

function flagFeature(id: string): CustomerFeature {
  return {
    id,
    name: id,
    type: 'static',
    unlimited: false,
    balance: null,
    usage: 0,
    included_usage: 0,
    interval: null,
    interval_count: 1,
    next_reset_at: null,
    overage_allowed: false,
  };
}

/**
 * The features a customer on `planId` holds, read from the plan table: its monitoring tiers and
 * feature flags, and monitors / performance sites with `used` of each taken.
 */
export function planFeatures(
  planId: PlanId,
  used: { monitors?: number; performanceSites?: number } = {},
): Record<string, CustomerFeature> {
  const plan = PLANS[planId];
  const rank = PLAN_IDS.indexOf(planId);
  const flags = [
    ...MONITORING_TIERS.filter((tier) => PLAN_IDS.indexOf(tier.plan) <= rank).map((tier) => tier.id),
    ...FEATURE_KEYS.filter((key) => plan.features[key]).map((key) => FEATURE_IDS[key]),
  ];
  return {
    ...Object.fromEntries(flags.map((id) => [id, flagFeature(id)])),
    monitors: meteredFeature('monitors', 'Monitors', plan.limits.monitorsMax, used.monitors),
    performance_sites: meteredFeature(
      'performance_sites',
      'Performance sites',
      plan.limits.perfSitesMax,
      used.performanceSites,
    ),
  };
}

/**
 * Not user-facing: a Starter customer for working on the UI without a billing backend. A
 * function, so a production build (where nothing calls it) drops it entirely.
 */
export function devMockCustomer(): Customer {
  return {
    id: 'dev-mock',
    name: 'Dev mock',
    email: null,
    products: [
      {
        id: 'starter',
        name: PLANS.starter.displayName,
        group: '',
        status: 'active',
        canceled_at: null,
        started_at: 0,
        is_add_on: false,
        current_period_start: null,
        current_period_end: null,
        items: [],
      },
    ],
    features: planFeatures('starter'),
  };
}
