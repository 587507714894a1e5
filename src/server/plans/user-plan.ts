import { PLANS, type Plan, type PlanId } from '../../core/plans.ts';

/** Which plan a user is on. The billing engine becomes the source; until then, everyone is free. */
export interface UserPlanSource {
  planFor(userId: string): Promise<Plan>;
}

export function fixedPlanSource(plan: PlanId = 'free'): UserPlanSource {
  return { planFor: async () => PLANS[plan] };
}
