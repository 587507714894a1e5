// DEFAULT_PLAN: a self-hosted instance gives every workspace a plan without payment, recorded
// as the same manual grant `upwatch billing grant` makes. New workspaces get it when their
// customer is made; existing ones when the server starts. A workspace that pays for a plan of
// its own, or holds an equal or higher grant, keeps what it has.
import { PLAN_IDS, type PlanId } from '../../core/plans.ts';
import type { Db } from './store.ts';

export interface HeldPlan {
  product_id: string;
  granted_manually: number;
}

const LIVE = ['active', 'trialing', 'past_due'] as const;

/** The plans a customer holds now (not scheduled, not expired), and whether each was granted. */
export function heldPlans(db: Db, customerId: string): Promise<HeldPlan[]> {
  return db
    .selectFrom('billing_products')
    .select(['product_id', 'granted_manually'])
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...LIVE])
    .where('product_id', 'in', [...PLAN_IDS])
    .execute();
}

const rank = (id: string) => PLAN_IDS.indexOf(id as PlanId);

/** Whether the default plan leaves this customer as it is. */
export function keepsOwnPlan(held: readonly HeldPlan[], defaultPlan: PlanId): boolean {
  if (defaultPlan === 'free') return true;
  return held.some(
    (plan) =>
      (plan.product_id !== 'free' && plan.granted_manually === 0) ||
      rank(plan.product_id) >= rank(defaultPlan),
  );
}

/** Every workspace, for the pass at start: its id and name make its customer if it has none. */
export function listWorkspaces(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('organization').select(['id', 'name']).orderBy('id').execute();
}
