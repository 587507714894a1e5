// GET /api/v1/me/plan's body, from a customer's products and features whichever provider
// keeps them: the effective plan (SPEC.md §4), limits, what is left, and the feature flags.
import type { CustomerFeature } from '../../core/billing/aggregate.ts';
import {
  effectivePlan,
  FEATURE_IDS,
  FEATURE_KEYS,
  type FeatureKey,
  type ProductLike,
  UNLIMITED_REMAINING,
} from '../../core/plans.ts';
import { minimumIntervalMinutes } from './usage-sync.ts';

export interface LimitSummary {
  limit: number | null;
  used: number;
  remaining: number;
  unlimited: boolean;
  resetsAt?: number;
}

function limitOf(feature: CustomerFeature | undefined): LimitSummary {
  if (!feature) return { limit: 0, used: 0, remaining: 0, unlimited: false };
  if (feature.unlimited)
    return { limit: null, used: feature.usage, remaining: UNLIMITED_REMAINING, unlimited: true };
  return {
    limit: feature.included_usage,
    used: feature.usage,
    remaining: Math.max(0, feature.balance ?? 0),
    unlimited: false,
    ...(feature.next_reset_at ? { resetsAt: feature.next_reset_at } : {}),
  };
}

export function summarisePlan(products: readonly ProductLike[], features: Record<string, CustomerFeature>) {
  const effective = effectivePlan(products);
  return {
    plan: effective.plan.id,
    displayName: effective.plan.displayName,
    paid: effective.paid,
    isPro: effective.isPro,
    minCheckIntervalMinutes: minimumIntervalMinutes(new Set(Object.keys(features))),
    limits: {
      monitors: limitOf(features.monitors),
      performanceSites: limitOf(features.performance_sites),
      performanceRuns: limitOf(features.performance_runs),
    },
    features: Object.fromEntries(FEATURE_KEYS.map((key) => [key, FEATURE_IDS[key] in features])) as Record<
      FeatureKey,
      boolean
    >,
  };
}

export type PlanSummary = ReturnType<typeof summarisePlan>;

/** What every gate and limit in the product asks, whichever provider answers. */
export interface EntitlementsHelper {
  check(workspaceId: string, featureId: string, requiredBalance?: number): Promise<boolean>;
  track(workspaceId: string, featureId: string, value?: number): Promise<void>;
  planSummary(workspaceId: string): Promise<PlanSummary>;
}
