import { useMemo } from 'react';
import { type EffectivePlan, effectivePlan, type Limit } from '../../core/plans';
import { useBillingContext } from './billing-context';
import { type Entitlements, limitOf, remainingOf } from './entitlements';

export interface PlanState extends EffectivePlan {
  /** The customer is still loading: the plan reads as free and remaining counts are null. */
  isLoading: boolean;
  /** A customer (real or the dev mock) is loaded. */
  hasData: boolean;
  isMock: boolean;
  /** The customer's real limits (add-on packs included); the plan's own without data. */
  limits: { monitors: Limit; performanceSites: Limit; performanceRuns: Limit };
  /** What is left: 999999 when unlimited, null without data (SPEC.md §9). */
  remaining: { monitors: number | null; performanceSites: number | null; performanceRuns: number | null };
}

/** SPEC.md §4: the effective plan from the customer's active products, with limits and usage. */
export function planState(entitlements: Entitlements, isMock: boolean): PlanState {
  const effective = effectivePlan(entitlements.customer?.products ?? []);
  const limits = effective.plan.limits;
  return {
    ...effective,
    isLoading: entitlements.status === 'loading',
    hasData: entitlements.status === 'ready',
    isMock,
    limits: {
      monitors: limitOf(entitlements, 'monitors', limits.monitorsMax),
      performanceSites: limitOf(entitlements, 'performance_sites', limits.perfSitesMax),
      performanceRuns: limitOf(entitlements, 'performance_runs', limits.performanceRunsPerMonth),
    },
    remaining: {
      monitors: remainingOf(entitlements, 'monitors'),
      performanceSites: remainingOf(entitlements, 'performance_sites'),
      performanceRuns: remainingOf(entitlements, 'performance_runs'),
    },
  };
}

/**
 * The signed-in user's effective plan: `plan` (from src/core/plans.ts), `paid`, `active` and
 * `isPro` (true for any non-free plan), `limits` and `remaining` counts.
 */
export function usePlan(): PlanState {
  const { entitlements, isMock } = useBillingContext('usePlan');
  return useMemo(() => planState(entitlements, isMock), [entitlements, isMock]);
}
