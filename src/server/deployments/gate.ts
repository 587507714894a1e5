// Deployment monitoring (recording, reading, receivers) needs API access; each provider's
// receiver also needs its own feature: GitHub Actions, or webhooks for Vercel and Netlify.
import type { WebhookProvider } from '../../core/api/deployments.ts';
import { FEATURE_IDS, FEATURE_LABELS, type FeatureKey, lowestPlanWith } from '../../core/plans.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { ApiError } from '../platform/http/errors.ts';

export type FeatureGate = (workspaceId: string) => Promise<void>;

function featureGate(
  entitlements: Pick<EntitlementsHelper, 'check'>,
  feature: FeatureKey,
  what: string,
): FeatureGate {
  const plan = lowestPlanWith(feature).displayName;
  return async (workspaceId) => {
    if (await entitlements.check(workspaceId, FEATURE_IDS[feature])) return;
    throw new ApiError(403, 'feature_not_in_plan', `${what} requires the ${plan} plan or higher.`);
  };
}

export function deploymentGates(entitlements: Pick<EntitlementsHelper, 'check'>) {
  return {
    apiAccess: featureGate(entitlements, 'apiAccess', 'Deployment monitoring'),
    receiver: {
      github: featureGate(entitlements, 'githubActions', `${FEATURE_LABELS.githubActions} deployments`),
      vercel: featureGate(entitlements, 'webhooks', `${FEATURE_LABELS.webhooks} from Vercel`),
      netlify: featureGate(entitlements, 'webhooks', `${FEATURE_LABELS.webhooks} from Netlify`),
    } satisfies Record<WebhookProvider, FeatureGate>,
  };
}

export type DeploymentGates = ReturnType<typeof deploymentGates>;
