// Every gate decision in one table (SPEC.md §2 and §6): which plan feature a screen needs, the
// name the Feature Unavailable page gives it, and which plan an Upgrade card offers.
import {
  type FeatureKey,
  isLowerPlan,
  lowestPlanWith,
  PLAN_IDS,
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

/**
 * The plan an Upgrade card offers someone on `current`, or null when it should not show. A
 * feature offers the cheapest plan with it when that is above `current`; a limit or a general
 * offer goes one plan up, and only from free: paid users are shown the card only where a
 * feature needs a higher plan.
 */
export function upgradeTarget(current: PlanId, feature?: FeatureKey): Plan | null {
  if (feature) {
    const needed = lowestPlanWith(feature);
    return isLowerPlan(current, needed.id) ? needed : null;
  }
  return current === 'free' ? PLANS[PLAN_IDS[1]] : null;
}
