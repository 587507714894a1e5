// Every gate decision in one table (SPEC.md §2 and §6): which plan feature a screen needs, the
// name the Feature Unavailable page gives it, and which plan an Upgrade card offers.
import {
  type FeatureKey,
  isLowerPlan,
  lowestPlanWith,
  PLANS,
  type Plan,
  type PlanId,
} from '../../core/plans';

export interface Gate {
  feature: FeatureKey;
  /** What the gated screen offers, in SPEC.md's words where it names them. */
  name: string;
}

export const GATES = {
  monitorDeployments: { feature: 'apiAccess', name: 'Deployment monitoring' },
  monitorSecurity: { feature: 'sslMonitoring', name: 'SSL certificate monitoring' },
  monitorIncidents: { feature: 'incidentManagement', name: 'Incident management' },
  publicStatus: { feature: 'publicStatusPages', name: 'Public status pages' },
  api: { feature: 'apiAccess', name: 'API access and deployment monitoring' },
  digests: { feature: 'digests', name: 'Email digests' },
  performanceBudgets: { feature: 'performanceBudgets', name: 'Performance budgets' },
} as const satisfies Record<string, Gate>;

export type GateId = keyof typeof GATES;

/** What brought an Upgrade card up: a plan limit reached, a feature the plan lacks, or a general offer. */
export type UpgradeTrigger = 'limit' | 'feature' | 'general';

/**
 * The plan an Upgrade card offers someone on `current`, or null when it should not show. A
 * feature offers the cheapest plan with it when that is above `current`. A limit or a general
 * offer shows only on free: a limit offers the next plan (the cheapest that raises it), a general
 * offer the top plan, as SPEC.md's card ('Unlock more powerful monitoring with Pro.') promises.
 */
export function upgradeTarget(
  current: PlanId,
  feature?: FeatureKey,
  trigger: UpgradeTrigger = 'general',
): Plan | null {
  if (feature) {
    const needed = lowestPlanWith(feature);
    return isLowerPlan(current, needed.id) ? needed : null;
  }
  if (current !== 'free') return null;
  return trigger === 'limit' ? PLANS.starter : PLANS.pro;
}
