// Upwatch rule 2 (BILLING.md): after every product change the usage of server-owned
// continuous features is set from what really exists, so a downgrade never hands out fresh
// headroom; and monitors checked faster than the plan now allows are slowed to its minimum.
import { deduct } from '../../core/billing/track.ts';
import type { Catalogue } from '../../core/billing/types.ts';
import { MONITORING_TIERS, type SERVER_OWNED_FEATURES } from '../../core/billing/upwatch-catalogue.ts';
import { PLANS } from '../../core/plans.ts';
import { liveEntitlements, loadEntitlements, loadProducts, saveEntitlements, type Tx } from './store.ts';

/** How many of each server-owned continuous feature a user really has. */
const COUNTERS: Partial<
  Record<(typeof SERVER_OWNED_FEATURES)[number], (tx: Tx, workspaceId: string) => Promise<number>>
> = {
  monitors: async (tx, workspaceId) => {
    const row = await tx
      .selectFrom('monitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

/** The shortest check interval the held monitoring tiers allow (free's when none is held). */
export function minimumIntervalMinutes(featureIds: ReadonlySet<string>): number {
  const allowed = MONITORING_TIERS.filter((tier) => featureIds.has(tier.id)).map(
    (tier) => PLANS[tier.plan].limits.minCheckIntervalMinutes,
  );
  return allowed.length > 0 ? Math.min(...allowed) : PLANS.free.limits.minCheckIntervalMinutes;
}

export async function syncServerUsage(tx: Tx, catalogue: Catalogue, customerId: string): Promise<void> {
  const products = await loadProducts(tx, customerId);
  const all = await loadEntitlements(tx, customerId);
  const live = liveEntitlements(all, products);
  let next = live;
  for (const feature of catalogue.features) {
    const count = COUNTERS[feature.id as keyof typeof COUNTERS];
    if (!count || feature.type !== 'continuous_use') continue;
    const fresh = next.map((e) =>
      e.feature_id === feature.id && !e.unlimited ? { ...e, balance: e.starting_balance + e.adjustment } : e,
    );
    next = deduct(fresh, feature.id, await count(tx, customerId), { continuous: true }).entitlements;
  }
  await saveEntitlements(tx, live, next);

  const minutes = minimumIntervalMinutes(new Set(live.map((e) => e.feature_id)));
  await tx
    .updateTable('monitors')
    .set((eb) => ({
      interval_raised_from_seconds: eb.fn.coalesce('interval_raised_from_seconds', 'interval_seconds'),
      interval_seconds: minutes * 60,
    }))
    .where('workspace_id', '=', customerId)
    .where('interval_seconds', '<', minutes * 60)
    .execute();
}
