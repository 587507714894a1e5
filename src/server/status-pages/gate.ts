// Public status pages and removing their branding are plan features, enforced here for every write.
import { FEATURE_IDS, FEATURE_LABELS, type FeatureKey, lowestPlanWith } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { ApiError } from '../platform/http/errors.ts';

export type FeatureGate = (workspaceId: string) => Promise<void>;

function featureGate(entitlements: Pick<EntitlementsHelper, 'check'>, feature: FeatureKey): FeatureGate {
  const plan = lowestPlanWith(feature).displayName;
  return async (workspaceId) => {
    if (await entitlements.check(workspaceId, FEATURE_IDS[feature])) return;
    throw new ApiError(
      403,
      'feature_not_in_plan',
      `${FEATURE_LABELS[feature]} requires the ${plan} plan or higher.`,
    );
  };
}

export function statusPageGates(entitlements: Pick<EntitlementsHelper, 'check'>) {
  return {
    pages: featureGate(entitlements, 'publicStatusPages'),
    removeBranding: featureGate(entitlements, 'removeBranding'),
  };
}
