// BILLING.md §7 track: deduct a value from a customer's entitlements in the documented order.
// Pure: entitlements in, updated copies out. Track never fails for lack of balance.
import type { Entitlement } from './balances.ts';
import { intervalMonths } from './intervals.ts';

export interface CreditSystemLink {
  feature_id: string;
  credit_cost: number;
}

export interface DeductOptions {
  entityId?: string | null;
  /** continuous_use goes negative on its normal entitlement when nothing else absorbs it. */
  continuous?: boolean;
  creditSystems?: readonly CreditSystemLink[];
}

export interface DeductResult {
  entitlements: Entitlement[];
  /** Units neither the feature nor its credit systems covered (dropped, never an error). */
  dropped: number;
}

/** unlimited → non-overage → resetting before lifetime → shorter interval → main → oldest. */
export function deductionOrder(a: Entitlement, b: Entitlement): number {
  return (
    Number(b.unlimited) - Number(a.unlimited) ||
    Number(a.overage_allowed) - Number(b.overage_allowed) ||
    Number(a.interval === null) - Number(b.interval === null) ||
    intervalMonths(a.interval, a.interval_count) - intervalMonths(b.interval, b.interval_count) ||
    Number(a.is_add_on) - Number(b.is_add_on) ||
    a.created_at - b.created_at
  );
}

function clone(e: Entitlement): Entitlement {
  return {
    ...e,
    rollovers: e.rollovers.map((r) => ({ ...r })),
    entities: e.entities
      ? Object.fromEntries(Object.entries(e.entities).map(([k, v]) => [k, { ...v }]))
      : null,
  };
}

/** Take up to `amount` from an entitlement without going below `floor`; returns what was taken. */
function take(e: Entitlement, amount: number, entityId: string | null | undefined, floor: number): number {
  let left = amount;
  for (const rollover of e.rollovers) {
    const used = Math.min(left, Math.max(0, rollover.balance));
    rollover.balance -= used;
    left -= used;
  }
  if (e.entity_feature_id && e.entities) {
    const ids = entityId ? [entityId] : Object.keys(e.entities);
    for (const id of ids) {
      const slot = e.entities[id];
      if (!slot) continue;
      const used = Math.min(left, Math.max(0, slot.balance - floor));
      slot.balance -= used;
      left -= used;
    }
    return amount - left;
  }
  const used = Math.min(left, Math.max(0, e.balance - floor));
  e.balance -= used;
  return amount - left + used;
}

function deductOwn(list: Entitlement[], value: number, options: DeductOptions): number {
  if (list.some((e) => e.unlimited)) return 0;
  let left = value;
  for (const e of list.filter((x) => !x.overage_allowed)) left -= take(e, left, options.entityId, 0);
  const overage = list.find((e) => e.overage_allowed);
  if (left > 0 && overage) {
    const floor = overage.usage_limit != null ? overage.included_usage - overage.usage_limit : -Infinity;
    left -= take(overage, left, options.entityId, floor);
  } else if (left > 0 && options.continuous && list[0]) {
    left -= take(list[0], left, options.entityId, -Infinity);
  }
  return left;
}

function refund(list: Entitlement[], value: number): void {
  let left = value;
  for (const e of [...list].reverse()) {
    const room = Math.max(0, e.starting_balance + e.adjustment - e.balance);
    const back = Math.min(left, room);
    e.balance += back;
    left -= back;
  }
  // More given back than was ever taken: keep it rather than lose it.
  if (left > 0 && list[0]) list[0].balance += left;
}

/** Deduct `value` of `featureId` (negative gives it back). Entitlements of other features pass through. */
export function deduct(
  entitlements: readonly Entitlement[],
  featureId: string,
  value: number,
  options: DeductOptions = {},
): DeductResult {
  const next = entitlements.map(clone);
  const own = next.filter((e) => e.feature_id === featureId).sort(deductionOrder);
  if (value < 0) {
    refund(own, -value);
    return { entitlements: next, dropped: 0 };
  }
  let left = deductOwn(own, value, options);
  for (const link of options.creditSystems ?? []) {
    if (left <= 0) break;
    const credits = next.filter((e) => e.feature_id === link.feature_id).sort(deductionOrder);
    if (credits.length === 0) continue;
    const uncovered = deductOwn(credits, left * link.credit_cost, { entityId: options.entityId });
    left = uncovered / link.credit_cost;
  }
  return { entitlements: next, dropped: Math.max(0, left) };
}
