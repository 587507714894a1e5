// BILLING.md §7 "Customer feature aggregation": a customer's entitlements summed into the
// CustomerFeature objects of §3, one per feature, as the `features` map of a Customer.
import type { Entitlement, Rollover } from './balances.ts';
import { intervalMonths } from './intervals.ts';
import type { Catalogue, Feature, ResetInterval } from './types.ts';

export type FeatureInterval = ResetInterval | 'lifetime';

export interface FeatureBreakdown {
  interval: FeatureInterval;
  interval_count: number;
  balance: number | null;
  usage: number;
  included_usage: number;
  next_reset_at: number | null;
}

export interface CustomerFeature {
  id: string;
  name: string;
  type: 'static' | 'single_use' | 'continuous_use';
  unlimited: boolean;
  balance: number | null;
  usage: number;
  included_usage: number;
  usage_limit?: number;
  /** null for a boolean feature, which never resets. */
  interval: FeatureInterval | 'multiple' | null;
  interval_count: number;
  next_reset_at: number | null;
  overage_allowed: boolean;
  breakdown?: FeatureBreakdown[];
  credit_schema?: { feature_id: string; credit_amount: number }[];
  rollovers?: Rollover[];
}

interface Group extends FeatureBreakdown {
  unlimited: boolean;
  usage_limit: number;
  overage_allowed: boolean;
}

/** The per-entity slots an entity-linked entitlement reports: one entity's, or all summed (§8). */
function slots(e: Entitlement, entityId: string | null | undefined): { balance: number }[] {
  if (!e.entity_feature_id || !e.entities) return [{ balance: e.balance }];
  if (!entityId) return Object.values(e.entities);
  const slot = e.entities[entityId];
  return slot ? [slot] : [];
}

/** One (interval, interval_count) group of a feature's entitlements, summed. */
function sumGroup(list: readonly Entitlement[], entityId: string | null | undefined): Group {
  const first = list[0];
  const unlimited = list.some((e) => e.unlimited);
  let balance = 0;
  let usage = 0;
  let included = 0;
  let limit = 0;
  for (const e of list) {
    if (e.unlimited) continue;
    const own = slots(e, entityId);
    const held = own.reduce((s, slot) => s + slot.balance, 0);
    balance += held + e.rollovers.reduce((s, r) => s + r.balance, 0);
    // usage = total + adjustment − balance; rollovers are carried headroom, not part of the total.
    usage += own.length * (e.starting_balance + e.adjustment) - held;
    included += own.length * e.included_usage;
    limit += own.length * (e.usage_limit ?? e.included_usage);
  }
  const resets = list.map((e) => e.next_reset_at).filter((at): at is number => at != null);
  return {
    interval: first?.interval ?? 'lifetime',
    interval_count: first?.interval_count ?? 1,
    unlimited,
    balance: unlimited ? null : balance,
    usage,
    included_usage: included,
    usage_limit: limit,
    next_reset_at: resets.length > 0 ? Math.min(...resets) : null,
    overage_allowed: list.some((e) => e.overage_allowed),
  };
}

/** Shorter intervals first, lifetime grants last: the order track deducts in. */
function groupsOf(list: readonly Entitlement[]): Entitlement[][] {
  const byKey = new Map<string, Entitlement[]>();
  for (const e of list) {
    const key = `${e.interval ?? 'lifetime'}:${e.interval_count}`;
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  const months = (e: Entitlement | undefined) =>
    e?.interval ? intervalMonths(e.interval, e.interval_count) : Number.POSITIVE_INFINITY;
  return [...byKey.values()].sort((a, b) => months(a[0]) - months(b[0]));
}

function staticFeature(feature: Feature): CustomerFeature {
  return {
    id: feature.id,
    name: feature.name,
    type: 'static',
    unlimited: false,
    balance: null,
    usage: 0,
    included_usage: 0,
    interval: null,
    interval_count: 1,
    next_reset_at: null,
    overage_allowed: false,
  };
}

/** One feature's CustomerFeature from its entitlements (pass only that feature's). */
export function aggregateFeature(
  feature: Feature,
  entitlements: readonly Entitlement[],
  entityId?: string | null,
): CustomerFeature {
  if (feature.type === 'boolean') return staticFeature(feature);
  const groups = groupsOf(entitlements).map((list) => sumGroup(list, entityId));
  const unlimited = groups.some((g) => g.unlimited);
  const included = groups.reduce((s, g) => s + g.included_usage, 0);
  const limit = groups.reduce((s, g) => s + g.usage_limit, 0);
  const resets = groups.map((g) => g.next_reset_at).filter((at): at is number => at != null);
  const single = groups.length === 1 ? groups[0] : undefined;
  const rollovers = entitlements.flatMap((e) => e.rollovers.map((r) => ({ ...r })));
  return {
    id: feature.id,
    name: feature.name,
    type: feature.type === 'continuous_use' ? 'continuous_use' : 'single_use',
    unlimited,
    balance: unlimited ? null : groups.reduce((s, g) => s + (g.balance ?? 0), 0),
    usage: groups.reduce((s, g) => s + g.usage, 0),
    included_usage: included,
    ...(limit !== included && !unlimited ? { usage_limit: limit } : {}),
    interval: single ? single.interval : groups.length > 1 ? 'multiple' : 'lifetime',
    interval_count: single?.interval_count ?? 1,
    next_reset_at: resets.length > 0 ? Math.min(...resets) : null,
    overage_allowed: groups.some((g) => g.overage_allowed),
    ...(groups.length > 1
      ? {
          breakdown: groups.map((g) => ({
            interval: g.interval,
            interval_count: g.interval_count,
            balance: g.balance,
            usage: g.usage,
            included_usage: g.included_usage,
            next_reset_at: g.next_reset_at,
          })),
        }
      : {}),
    ...(feature.type === 'credit_system'
      ? {
          credit_schema: (feature.credit_schema ?? []).map((row) => ({
            feature_id: row.metered_feature_id,
            credit_amount: row.credit_cost,
          })),
        }
      : {}),
    ...(rollovers.length > 0 || entitlements.some((e) => e.rollover_config) ? { rollovers } : {}),
  };
}

/** The Customer's `features` map: every feature the customer holds an entitlement for. */
export function customerFeatures(
  entitlements: readonly Entitlement[],
  catalogue: Catalogue,
  entityId?: string | null,
): Record<string, CustomerFeature> {
  const features: Record<string, CustomerFeature> = {};
  for (const feature of catalogue.features) {
    const own = entitlements.filter((e) => e.feature_id === feature.id);
    if (own.length > 0) features[feature.id] = aggregateFeature(feature, own, entityId);
  }
  return features;
}
