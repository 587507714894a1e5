// The one server helper every gate and limit asks (issue 4 §6): may this user do this, and
// count that they did. Backed by the local engine's balances, in the caller's transaction
// where there is one.
import { customerFeatures } from '../../core/billing/aggregate.ts';
import { findFeature } from '../../core/billing/catalogue.ts';
import { checkFeature } from '../../core/billing/check.ts';
import { deduct } from '../../core/billing/track.ts';
import {
  effectivePlan,
  FEATURE_IDS,
  FEATURE_KEYS,
  type FeatureKey,
  UNLIMITED_REMAINING,
} from '../../core/plans.ts';
import { ApiError } from '../http/errors.ts';
import type { MonitorAllowance, UserPlanSource } from '../plans/user-plan.ts';
import type { BillingContext } from './context.ts';
import type { CustomerIdentity } from './customers.ts';
import {
  type Db,
  liveEntitlements,
  loadEntitlements,
  loadProducts,
  lockCustomer,
  saveEntitlements,
  type Tx,
} from './store.ts';
import { minimumIntervalMinutes } from './usage-sync.ts';

async function live(db: Db, userId: string) {
  const products = await loadProducts(db, userId);
  return { products, entitlements: liveEntitlements(await loadEntitlements(db, userId), products) };
}

export function createEntitlements(
  ctx: BillingContext,
  ensure: (identity: CustomerIdentity) => Promise<void>,
) {
  const { db, dialect, catalogue } = ctx;

  async function check(userId: string, featureId: string, requiredBalance?: number): Promise<boolean> {
    await ensure({ id: userId });
    const feature = findFeature(catalogue, featureId);
    if (!feature) return false;
    const { entitlements } = await live(db, userId);
    return checkFeature({ featureId, featureType: feature.type, entitlements, requiredBalance }).allowed;
  }

  /** Server-side usage: may go below zero for continuous features (nothing is refused here). */
  async function trackIn(tx: Tx, userId: string, featureId: string, value: number) {
    await lockCustomer(tx, dialect, userId);
    const { entitlements } = await live(tx, userId);
    const feature = findFeature(catalogue, featureId);
    const next = deduct(entitlements, featureId, value, { continuous: feature?.type === 'continuous_use' });
    await saveEntitlements(tx, entitlements, next.entitlements);
  }

  async function track(userId: string, featureId: string, value = 1) {
    await ensure({ id: userId });
    await db.transaction().execute((tx) => trackIn(tx, userId, featureId, value));
  }

  /** GET /api/v1/me/plan: the effective plan, limits, what is left and the feature flags. */
  async function planSummary(userId: string) {
    await ensure({ id: userId });
    const { products, entitlements } = await live(db, userId);
    const effective = effectivePlan(products);
    const features = customerFeatures(entitlements, catalogue);
    const limit = (id: string) => {
      const f = features[id];
      if (!f) return { limit: 0, used: 0, remaining: 0, unlimited: false };
      if (f.unlimited) return { limit: null, used: f.usage, remaining: UNLIMITED_REMAINING, unlimited: true };
      return {
        limit: f.included_usage,
        used: f.usage,
        remaining: Math.max(0, f.balance ?? 0),
        unlimited: false,
        ...(f.next_reset_at ? { resetsAt: f.next_reset_at } : {}),
      };
    };
    return {
      plan: effective.plan.id,
      displayName: effective.plan.displayName,
      paid: effective.paid,
      isPro: effective.isPro,
      minCheckIntervalMinutes: minimumIntervalMinutes(new Set(entitlements.map((e) => e.feature_id))),
      limits: {
        monitors: limit('monitors'),
        performanceSites: limit('performance_sites'),
        performanceRuns: limit('performance_runs'),
      },
      features: Object.fromEntries(
        FEATURE_KEYS.map((key) => [key, entitlements.some((e) => e.feature_id === FEATURE_IDS[key])]),
      ) as Record<FeatureKey, boolean>,
    };
  }

  const plans: UserPlanSource = {
    async allowanceFor(userId): Promise<MonitorAllowance> {
      await ensure({ id: userId });
      const { products, entitlements } = await live(db, userId);
      return {
        plan: effectivePlan(products).plan,
        minIntervalMinutes: minimumIntervalMinutes(new Set(entitlements.map((e) => e.feature_id))),
      };
    },
    async takeMonitor(tx, userId, allowance) {
      await lockCustomer(tx, dialect, userId);
      const { entitlements } = await live(tx, userId);
      const verdict = checkFeature({ featureId: 'monitors', featureType: 'continuous_use', entitlements });
      if (!verdict.allowed) {
        const included = customerFeatures(entitlements, catalogue).monitors?.included_usage ?? 0;
        throw new ApiError(
          403,
          'monitor_limit_reached',
          `You've reached your monitor limit on the ${allowance.plan.displayName} plan (${included} monitors). Upgrade to add more.`,
        );
      }
      await trackIn(tx, userId, 'monitors', 1);
    },
    returnMonitor: (tx, userId) => trackIn(tx, userId, 'monitors', -1),
    committed: async () => undefined,
  };

  return { check, track, trackIn, planSummary, plans };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
