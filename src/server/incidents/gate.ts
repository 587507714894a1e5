// Incident management (manual incidents, acknowledging, status, updates, notes, related
// monitors, resolution) is a plan feature; reading incidents and their timeline is not.
import { FEATURE_IDS, FEATURE_LABELS, lowestPlanWith } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { ApiError } from '../platform/http/errors.ts';

export type IncidentGate = (workspaceId: string) => Promise<void>;

export function incidentManagementGate(entitlements: Pick<EntitlementsHelper, 'check'>): IncidentGate {
  const plan = lowestPlanWith('incidentManagement').displayName;
  return async (workspaceId) => {
    if (await entitlements.check(workspaceId, FEATURE_IDS.incidentManagement)) return;
    throw new ApiError(
      403,
      'feature_not_in_plan',
      `${FEATURE_LABELS.incidentManagement} requires the ${plan} plan or higher. Upgrade to work incidents in Upwatch.`,
    );
  };
}
