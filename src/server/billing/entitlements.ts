// The one server helper every gate and limit asks (issue 4 §6): may this user do this, and
// count that they did. Backed by the local engine's balances, in the caller's transaction
// where there is one.
import { customerFeatures } from '../../core/billing/aggregate.ts';
import { findFeature } from '../../core/billing/catalogue.ts';
import { checkFeature } from '../../core/billing/check.ts';
import { deduct } from '../../core/billing/track.ts';
import { effectivePlan } from '../../core/plans.ts';
import type { MonitorAllowance, UserPlanSource } from '../plans/user-plan.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { BillingContext } from './context.ts';
import type { CustomerIdentity } from './customers.ts';
import { type EntitlementsHelper, summarisePlan } from './plan-summary.ts';
import {
  type Db,
  liveEntitlements,
  loadEntitlements,
  loadProducts,
  lockCustomer,
  saveEntitlements,
  type Tx,
} from './store.ts';
import { eventId, insertEvent } from './usage-service.ts';
import { minimumIntervalMinutes } from './usage-sync.ts';

async function live(db: Db, workspaceId: string) {
  const products = await loadProducts(db, workspaceId);
  return { products, entitlements: liveEntitlements(await loadEntitlements(db, workspaceId), products) };
}

export function createEntitlements(
  ctx: BillingContext,
  ensure: (identity: CustomerIdentity) => Promise<void>,
) {
  const { db, dialect, catalogue } = ctx;

  async function check(workspaceId: string, featureId: string, requiredBalance?: number): Promise<boolean> {
    await ensure({ id: workspaceId });
    const feature = findFeature(catalogue, featureId);
    if (!feature) return false;
    const { entitlements } = await live(db, workspaceId);
    return checkFeature({ featureId, featureType: feature.type, entitlements, requiredBalance }).allowed;
  }

  /** Server-side usage: may go below zero for continuous features (nothing is refused here). */
  async function trackIn(tx: Tx, workspaceId: string, featureId: string, value: number) {
    await lockCustomer(tx, dialect, workspaceId);
    const { entitlements } = await live(tx, workspaceId);
    const feature = findFeature(catalogue, featureId);
    const next = deduct(entitlements, featureId, value, { continuous: feature?.type === 'continuous_use' });
    await saveEntitlements(tx, entitlements, next.entitlements);
  }

  /** Deducts and records the event, as the /track route does: `query` then sums the real usage. */
  async function track(workspaceId: string, featureId: string, value = 1) {
    await ensure({ id: workspaceId });
    await db.transaction().execute(async (tx) => {
      await trackIn(tx, workspaceId, featureId, value);
      await insertEvent(tx, {
        id: eventId(),
        customer_id: workspaceId,
        event_name: featureId,
        value,
        entity_id: null,
        properties: null,
        idempotency_key: null,
        timestamp: ctx.clock.now(),
      });
    });
  }

  async function planSummary(workspaceId: string) {
    await ensure({ id: workspaceId });
    const { products, entitlements } = await live(db, workspaceId);
    return summarisePlan(products, customerFeatures(entitlements, catalogue));
  }

  const plans: UserPlanSource = {
    async allowanceFor(workspaceId): Promise<MonitorAllowance> {
      await ensure({ id: workspaceId });
      const { products, entitlements } = await live(db, workspaceId);
      return {
        plan: effectivePlan(products).plan,
        minIntervalMinutes: minimumIntervalMinutes(new Set(entitlements.map((e) => e.feature_id))),
      };
    },
    async takeMonitor(tx, workspaceId, allowance) {
      await lockCustomer(tx, dialect, workspaceId);
      const { entitlements } = await live(tx, workspaceId);
      const verdict = checkFeature({ featureId: 'monitors', featureType: 'continuous_use', entitlements });
      if (!verdict.allowed) {
        const included = customerFeatures(entitlements, catalogue).monitors?.included_usage ?? 0;
        throw new ApiError(
          403,
          'monitor_limit_reached',
          `You've reached your monitor limit on the ${allowance.plan.displayName} plan (${included} monitors). Upgrade to add more.`,
        );
      }
      await trackIn(tx, workspaceId, 'monitors', 1);
    },
    returnMonitor: (tx, workspaceId) => trackIn(tx, workspaceId, 'monitors', -1),
    committed: async () => undefined,
  };

  const helper: EntitlementsHelper = { check, track, planSummary };
  return { helper, plans };
}
