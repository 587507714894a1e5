// What the services ask billing during an apply, read before its transaction: the features, the
// plan summary and the performance sites' balance (on SQLite the transaction holds the one
// connection, so billing cannot be asked inside it). The apply's own creates and deletes draw on
// that balance as they go, so the file's sites past the plan's allowance are refused as the API's
// create refuses them; the usage is tracked once the apply has committed, never for a dry run.
import { FEATURE_IDS } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';

const SITES = 'performance_sites';

export async function snapshotEntitlements(
  entitlements: EntitlementsHelper,
  workspaceId: string,
  afterCommit: (step: () => Promise<void>) => void,
): Promise<EntitlementsHelper> {
  const ids = Object.values(FEATURE_IDS);
  const [summary, allowed] = await Promise.all([
    entitlements.planSummary(workspaceId),
    Promise.all(ids.map(async (id) => [id, await entitlements.check(workspaceId, id)] as const)),
  ]);
  const features = new Map(allowed);
  const sites = summary.limits.performanceSites;
  let sitesTaken = 0;
  return {
    async check(_workspaceId, featureId, requiredBalance = 1) {
      if (featureId === SITES) return sites.unlimited || sites.remaining - sitesTaken >= requiredBalance;
      return features.get(featureId) ?? false;
    },
    async track(workspaceId, featureId, value = 1) {
      if (featureId === SITES) sitesTaken += value;
      afterCommit(() => entitlements.track(workspaceId, featureId, value));
    },
    planSummary: async () => summary,
  };
}
