import { FEATURE_IDS, type FeatureKey } from '../../core/plans';
import { useCustomer } from '../billing/use-customer';
import { usePlan } from '../billing/use-plan';

// The one place gates read the signed-in user's plan from: BillingProvider's customer.
export { type PlanState, usePlan } from '../billing/use-plan';

/**
 * SPEC.md §6 route gates: incident management is judged from the plan table, the others from
 * the customer's entitlement features. False while billing loads; with no billing data only
 * the basic features (SSL monitoring, public status pages) count as present.
 */
export function useHasFeature(feature: FeatureKey): boolean {
  const { plan } = usePlan();
  const { hasFeature } = useCustomer();
  if (feature === 'incidentManagement') return plan.features.incidentManagement;
  return hasFeature(FEATURE_IDS[feature]);
}
