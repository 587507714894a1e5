// API access is a plan feature: creating keys and using them both need it.
import { FEATURE_IDS, FEATURE_LABELS, lowestPlanWith } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { ApiError } from '../platform/http/errors.ts';

export type ApiAccessGate = (workspaceId: string) => Promise<void>;

export function apiAccessGate(entitlements: Pick<EntitlementsHelper, 'check'>): ApiAccessGate {
  const plan = lowestPlanWith('apiAccess').displayName;
  return async (workspaceId) => {
    if (await entitlements.check(workspaceId, FEATURE_IDS.apiAccess)) return;
    throw new ApiError(
      403,
      'feature_not_in_plan',
      `${FEATURE_LABELS.apiAccess} requires the ${plan} plan or higher. Upgrade to use API keys.`,
    );
  };
}
