import { type EffectivePlan, effectivePlan, type FeatureKey } from '../../core/plans';

// The one place the signed-in user's plan comes from. Billing (a later issue) replaces the
// product list below with the customer's active products; every gate reads through here.
export function usePlan(): EffectivePlan {
  return effectivePlan([]);
}

export function useHasFeature(feature: FeatureKey): boolean {
  return usePlan().plan.features[feature];
}
